/// A small direct-mapped cache in front of the string table: string to index, found
/// without hashing the string's contents.
///
/// A string of at most 16 UTF-8 bytes (every key of a typical app, most identifiers) is
/// kept as its count and two words of its bytes (``UncheckedBytes/utf8Words(of:)``): a
/// look-up compares three integers, makes no call, and so retains nothing (comparing
/// `String`s is a call, around which the cache's storage was retained and released, an
/// atomic pair per look-up). A longer string is kept as a `String` in a table of its own,
/// compared with `==`, which for the same literal or the same storage returns at once. The
/// slot is chosen from the bytes (or a sample of them) and the length, so the same key
/// literal, type name or identifier lands in the same slot every time. Equal bytes are the
/// same string; a string equal to another in another form (canonically equivalent) or a
/// collision misses, and a miss falls back to the table's dictionary, so a wrong slot costs
/// time, never a wrong index. Two ways: each string has a pair of slots and takes a free
/// one of them, or the first, moving what was there to the second; so two strings that
/// share a pair, as two of a type's keys may, both stay.
struct InternCache {
    private static let slotBits = 8

    /// A short string's slot: its count (-1 when empty), its two words, its index.
    private struct ShortSlot {
        var count = -1
        var first: UInt64 = 0
        var last: UInt64 = 0
        var index = -1
    }

    /// A long string's slot: the string and its index (-1 when empty).
    private struct LongSlot {
        var string = ""
        var index = -1
    }

    private var short: [ShortSlot]
    private var long: [LongSlot]

    init() {
        short = Array(repeating: ShortSlot(), count: 1 << Self.slotBits)
        long = Array(repeating: LongSlot(), count: 1 << Self.slotBits)
    }

    /// The remembered index of `string`, or nil.
    @inline(__always)
    func index(of string: String) -> Int? {
        guard let words = UncheckedBytes.utf8Words(of: string) else { return longIndex(of: string) }
        let first = Self.slot(of: words) & ~1
        let one = short[first]
        if one.count == words.count, one.first == words.first, one.last == words.last { return one.index }
        let two = short[first + 1]
        if two.count == words.count, two.first == words.first, two.last == words.last { return two.index }
        return nil
    }

    /// ``index(of:)`` for a string longer than 16 bytes. Not inlined: its comparison is a
    /// call, which the short strings' look-up is kept free of.
    @inline(never)
    private func longIndex(of string: String) -> Int? {
        let first = Self.slot(of: string) & ~1
        let one = long[first]
        if one.index >= 0, one.string == string { return one.index }
        let two = long[first + 1]
        if two.index >= 0, two.string == string { return two.index }
        return nil
    }

    /// Remembers that `string` is at `index`: in a free slot of its pair, or else in the
    /// first, what was there moving to the second.
    mutating func remember(_ string: String, at index: Int) {
        guard let words = UncheckedBytes.utf8Words(of: string) else {
            Self.insert(
                LongSlot(string: string, index: index), pair: Self.slot(of: string) & ~1, in: &long
            ) { $0.index < 0 }
            return
        }
        Self.insert(
            ShortSlot(count: words.count, first: words.first, last: words.last, index: index),
            pair: Self.slot(of: words) & ~1, in: &short
        ) { $0.count < 0 }
    }

    /// Puts `slot` in a free slot of the pair at `first`, or else in the first, what was
    /// there moving to the second.
    private static func insert<Slot>(
        _ slot: Slot, pair first: Int, in slots: inout [Slot], isFree: (Slot) -> Bool
    ) {
        if isFree(slots[first]) {
            slots[first] = slot
        } else if isFree(slots[first + 1]) {
            slots[first + 1] = slot
        } else {
            slots[first + 1] = slots[first]
            slots[first] = slot
        }
    }

    /// The slot of a short string: its words and count, mixed.
    @inline(__always)
    private static func slot(of words: (count: Int, first: UInt64, last: UInt64)) -> Int {
        var mixed =
            (words.first ^ (words.last &* 0xFF51_AFD7_ED55_8CCD)) &+ UInt64(truncatingIfNeeded: words.count)
        mixed &*= 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - slotBits))
    }

    /// The slot of a long string: its length and its first, middle and last bytes, mixed.
    private static func slot(of string: String) -> Int {
        var mixed = UncheckedBytes.utf8Sample(of: string)
        mixed &*= 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - slotBits))
    }
}
