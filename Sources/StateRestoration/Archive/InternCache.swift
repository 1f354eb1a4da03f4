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

    /// One slot: the string, its two machine words, and its index (-1 when empty).
    private struct Slot {
        var string = ""
        var word0: UInt64 = 0
        var word1: UInt64 = 0
        var index = -1
    }

    private var slots: [Slot]

    init() {
        slots = Array(repeating: Slot(), count: 1 << Self.slotBits)
    }

    /// The remembered index of `string`, or nil.
    ///
    /// The same representation (the same literal, or the same storage) is found by
    /// comparing the two words alone, without retaining the stored string or calling
    /// `==`; anything else is compared with `==`.
    @inline(__always)
    func index(of string: String) -> Int? {
        let (word0, word1) = Self.words(of: string)
        let slot = Self.slot(word0, word1)
        return slots.withUnsafeBufferPointer { slots in
            let index = slots[slot].index
            guard index >= 0 else { return nil }
            if Self.wordsAreRepresentation && slots[slot].word0 == word0 && slots[slot].word1 == word1 {
                return index
            }
            return slots[slot].string == string ? index : nil
        }
    }

    /// Remembers that `string` is at `index`, replacing whatever shared its slot.
    mutating func remember(_ string: String, at index: Int) {
        let (word0, word1) = Self.words(of: string)
        slots[Self.slot(word0, word1)] = Slot(string: string, word0: word0, word1: word1, index: index)
    }

    /// Whether ``words(of:)`` is a string's whole representation (a 16-byte `String`, as
    /// on 64-bit platforms). Only then do equal words prove equal strings.
    private static var wordsAreRepresentation: Bool { MemoryLayout<String>.size == 16 }

    /// A string's in-memory representation where it is two words. Equal words mean the
    /// same small string, or the same storage with the same count and flags (the slot's
    /// copy keeps that storage alive and shared, so it is not changed in place): the same
    /// contents. Different words may still be equal strings. Elsewhere, a mix of its bytes.
    @inline(__always)
    private static func words(of string: String) -> (UInt64, UInt64) {
        // A bit cast, not `withUnsafeBytes(of:)`: taking the address of a local puts a stack
        // protector (a check on return) in every look-up that inlines this.
        guard wordsAreRepresentation else {
            return withUnsafeBytes(of: string) { raw in
                var mixed: UInt64 = 0
                for byte in raw { mixed = (mixed ^ UInt64(byte)) &* 0x100_0000_01b3 }
                return (mixed, 0)
            }
        }
        return unsafeBitCast(string, to: (UInt64, UInt64).self)
    }

    @inline(__always)
    private static func slot(_ word0: UInt64, _ word1: UInt64) -> Int {
        let mixed = ((word0 &* 0x9E37_79B9_7F4A_7C15) ^ word1) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - slotBits))
    }
}
