/// Why a value could not be encoded or decoded (rule R22). Every case names the object's
/// path and the key, so that a failure in a large tree can be found.
public enum StateCodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `decode` found no value for the key.
    case keyNotFound(path: RestorationPath, key: String)
    /// The stored value has another type (or does not fit the requested integer width).
    case typeMismatch(path: RestorationPath, key: String, expected: String, found: String)
    /// App code tried to write a key with the engine's reserved prefix (rule R6).
    case reservedKey(path: RestorationPath, key: String)
    /// A `Codable` value failed to encode or decode.
    case codableFailed(path: RestorationPath, key: String, type: String, reason: String)
    /// Hand-written code wrote a key that a restorable property of the object is saved
    /// under (rule R25).
    case duplicateKey(path: RestorationPath, key: String)

    public var description: String {
        switch self {
        case .keyNotFound(let path, let key):
            "\(Self.place(path)): no value for key '\(key)'"
        case .typeMismatch(let path, let key, let expected, let found):
            "\(Self.place(path)): key '\(key)': expected \(expected), found \(found)"
        case .reservedKey(let path, let key):
            "\(Self.place(path)): key '\(key)' is reserved: keys starting with "
                + "'\(StateEncoder.reservedKeyPrefix)' belong to the engine"
        case .codableFailed(let path, let key, let type, let reason):
            "\(Self.place(path)): key '\(key)': \(type) failed: \(reason)"
        case .duplicateKey(let path, let key):
            "\(Self.place(path)): key '\(key)' is written by encodeRestorableState and is also a "
                + "restorable property's key: rename one (rule R25)"
        }
    }

    private static func place(_ path: RestorationPath) -> String {
        path.count == 0 ? "application state" : "'\(path)'"
    }
}
