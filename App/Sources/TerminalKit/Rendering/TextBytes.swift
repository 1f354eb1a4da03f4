/// Texts compared by their UTF-8 bytes.
///
/// String's `==` and hashing follow canonical equivalence: they normalize as they go, and
/// the normalizer holds every combining mark after one base character at once, so comparing
/// two copies of `"e"` and three million accents allocates tens of megabytes (rule R33).
/// Text a user typed or a store held is the same text only when its bytes are: a draft
/// compares with its base and the store's value this way.
public enum TextBytes {
    /// True if both texts hold the same bytes (both nil included).
    public static func equal(_ lhs: String?, _ rhs: String?) -> Bool {
        guard let lhs, let rhs else { return lhs == nil && rhs == nil }
        return lhs.utf8.count == rhs.utf8.count && lhs.utf8.elementsEqual(rhs.utf8)
    }

    /// Hashes a text consistently with ``equal(_:_:)``: its length and first bytes.
    public static func hash(_ text: String?, into hasher: inout Hasher) {
        hasher.combine(text?.utf8.count ?? -1)
        for byte in text?.utf8.prefix(64) ?? "".utf8.prefix(0) { hasher.combine(byte) }
    }
}
