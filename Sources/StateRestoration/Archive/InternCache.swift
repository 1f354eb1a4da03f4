/// A small direct-mapped cache in front of the string table: string to index, found
/// without hashing the string's contents.
///
/// A slot is chosen from a few of the string's UTF-8 bytes and its length, so the same
/// key literal, type name or identifier lands in the same slot every time. A hit compares
/// the strings with `==`, which for the same literal or the same storage returns at once
/// (the standard library compares the strings' representations first); a collision or a
/// miss falls back to the table's dictionary, so a wrong slot costs time, never a wrong
/// index. Two ways: each string has a pair of slots and takes a free one of them, or the
/// first, moving what was there to the second; so two strings that share a pair, as two
/// of a type's keys may, both stay.
struct InternCache {
    private static let slotBits = 8

    /// One slot: the string and its index (-1 when empty).
    private struct Slot {
        var string = ""
        var index = -1
    }

    private var slots: [Slot]

    init() {
        slots = Array(repeating: Slot(), count: 1 << Self.slotBits)
    }

    /// The remembered index of `string`, or nil.
    @inline(__always)
    func index(of string: String) -> Int? {
        let first = Self.slot(of: string) & ~1
        let one = slots[first]
        if one.index >= 0, one.string == string { return one.index }
        let two = slots[first + 1]
        if two.index >= 0, two.string == string { return two.index }
        return nil
    }

    /// Remembers that `string` is at `index`: in a free slot of its pair, or else in the
    /// first, what was there moving to the second.
    mutating func remember(_ string: String, at index: Int) {
        let first = Self.slot(of: string) & ~1
        if slots[first].index < 0 {
            slots[first] = Slot(string: string, index: index)
        } else if slots[first + 1].index < 0 {
            slots[first + 1] = Slot(string: string, index: index)
        } else {
            slots[first + 1] = slots[first]
            slots[first] = Slot(string: string, index: index)
        }
    }

    /// The slot of `string`: its length and its first, middle and last bytes, mixed.
    @inline(__always)
    private static func slot(of string: String) -> Int {
        var mixed = UncheckedBytes.utf8Sample(of: string)
        mixed &*= 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - slotBits))
    }
}
