/// A small direct-mapped cache in front of the string table: string to index, found
/// without hashing the string's contents.
///
/// A slot is chosen from the string's two machine words (its in-memory representation:
/// the characters themselves for a small string, the storage address and length
/// otherwise), so the same key literal, type name or identifier lands in the same slot
/// every time. A hit still compares the strings with `==`, which for the same
/// representation returns at once; a collision or a miss falls back to the table's
/// dictionary, so a wrong slot costs time, never a wrong index.
struct InternCache {
    private static let slotBits = 8
    private var strings: [String]
    private var indices: [Int]

    init() {
        strings = Array(repeating: "", count: 1 << Self.slotBits)
        indices = Array(repeating: -1, count: 1 << Self.slotBits)
    }

    /// The remembered index of `string`, or nil.
    func index(of string: String) -> Int? {
        let slot = Self.slot(of: string)
        let index = indices[slot]
        return index >= 0 && strings[slot] == string ? index : nil
    }

    /// Remembers that `string` is at `index`, replacing whatever shared its slot.
    mutating func remember(_ string: String, at index: Int) {
        let slot = Self.slot(of: string)
        strings[slot] = string
        indices[slot] = index
    }

    private static func slot(of string: String) -> Int {
        withUnsafeBytes(of: string) { raw in
            var mixed: UInt64 = 0
            var offset = 0
            while offset + 8 <= raw.count {
                mixed =
                    (mixed ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                    &* 0x9E37_79B9_7F4A_7C15
                offset += 8
            }
            return Int(truncatingIfNeeded: mixed >> UInt64(64 - slotBits))
        }
    }
}
