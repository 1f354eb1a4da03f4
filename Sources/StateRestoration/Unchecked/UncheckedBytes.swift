internal import CArchiveChecksum
import Foundation

// Unchecked code lives in this folder only (docs/DECISIONS.md, "Unsafe code in one folder";
// rule C2), one type per file. This one: memory read a word at a time: the CRC-32 loop and samples of a
// string's bytes.

/// The CRC-32 loop, which reads sixteen bytes at a time and looks each up in a table, a
/// sample of a string's UTF-8 bytes, and a short string's bytes as two words.
///
/// Invariant: each function checks the whole range it reads against the span's (or the
/// string's buffer's) count (a trap, never a read past the end) before its unchecked
/// loads, and keeps no pointer past the call. The CRC-32 table holds 16 × 256 entries (checked on entry), and every
/// index into it is a slice number below 16 times 256 plus a byte.
enum UncheckedBytes {
    /// Whether this processor runs `archive_crc32_fold` (carry-less multiplication).
    static let canFold = archive_crc32_fold_available() == 1

    /// CRC-32 of `bytes`, continuing `previous` (see ``CRC32/checksum(_:continuing:)``):
    /// slice-by-16, over three streams from `streamThreshold` bytes on.
    ///
    /// With `folds`, where the processor can (``canFold``), whole 16-byte blocks from 64
    /// bytes on go to `archive_crc32_fold`, which reads exactly the `length` bytes it is
    /// given, and the table takes the rest.
    static func crc32(
        _ bytes: Span<UInt8>, continuing previous: UInt32, table: [UInt32], streamThreshold: Int,
        folds: Bool = true
    ) -> UInt32 {
        precondition(table.count == 16 * 256, "a CRC-32 table of sixteen slices")
        return unsafe table.withUnsafeBufferPointer { table in
            unsafe bytes.withUnsafeBytes { bytes in
                let count = bytes.count
                if folds, canFold, count >= 64, let start = bytes.baseAddress {
                    let folded = count & ~15
                    let crc = unsafe archive_crc32_fold(
                        start.assumingMemoryBound(to: UInt8.self), folded, ~previous)
                    return unsafe ~crc32Sequential(table, bytes, from: folded, crc: crc)
                }
                guard count >= streamThreshold else {
                    return unsafe ~crc32Sequential(table, bytes, from: 0, crc: ~previous)
                }
                let part = (count / 3) & ~15
                var first = ~previous
                var second: UInt32 = 0xFFFF_FFFF
                var third: UInt32 = 0xFFFF_FFFF
                var index = 0
                while index < part {
                    first = unsafe crc32Step(table, bytes, index, first)
                    second = unsafe crc32Step(table, bytes, part + index, second)
                    third = unsafe crc32Step(table, bytes, 2 * part + index, third)
                    index += 16
                }
                third = unsafe crc32Sequential(table, bytes, from: 3 * part, crc: third)
                return CRC32.combine(
                    CRC32.combine(~first, ~second, secondLength: part), ~third, secondLength: count - 2 * part
                )
            }
        }
    }

    /// One stream over `bytes[start...]`: sixteen bytes at a time, then the rest. `crc` is
    /// the running (not yet inverted) value.
    @inline(__always)
    private static func crc32Sequential(
        _ table: UnsafeBufferPointer<UInt32>, _ bytes: UnsafeRawBufferPointer, from start: Int, crc: UInt32
    ) -> UInt32 {
        var crc = crc
        var index = start
        let count = bytes.count
        while count - index >= 16 {
            crc = unsafe crc32Step(table, bytes, index, crc)
            index += 16
        }
        while index < count {
            crc = unsafe table[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
            index += 1
        }
        return crc
    }

    /// Slice-by-16: the running value after the sixteen bytes at `index`.
    @inline(__always)
    private static func crc32Step(
        _ table: UnsafeBufferPointer<UInt32>, _ bytes: UnsafeRawBufferPointer, _ index: Int, _ crc: UInt32
    ) -> UInt32 {
        let low = unsafe UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        let high = unsafe UInt64(
            littleEndian: bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
        let one = crc ^ UInt32(truncatingIfNeeded: low)
        let two = UInt32(truncatingIfNeeded: low >> 32)
        let three = UInt32(truncatingIfNeeded: high)
        let four = UInt32(truncatingIfNeeded: high >> 32)
        let first =
            unsafe (table[15 * 256 + Int(one & 0xFF)] ^ table[14 * 256 + Int((one >> 8) & 0xFF)]
            ^ table[13 * 256 + Int((one >> 16) & 0xFF)] ^ table[12 * 256 + Int(one >> 24)])
        let second =
            unsafe (table[11 * 256 + Int(two & 0xFF)] ^ table[10 * 256 + Int((two >> 8) & 0xFF)]
            ^ table[9 * 256 + Int((two >> 16) & 0xFF)] ^ table[8 * 256 + Int(two >> 24)])
        let third =
            unsafe (table[7 * 256 + Int(three & 0xFF)] ^ table[6 * 256 + Int((three >> 8) & 0xFF)]
            ^ table[5 * 256 + Int((three >> 16) & 0xFF)] ^ table[4 * 256 + Int(three >> 24)])
        let fourth =
            unsafe (table[3 * 256 + Int(four & 0xFF)] ^ table[2 * 256 + Int((four >> 8) & 0xFF)]
            ^ table[1 * 256 + Int((four >> 16) & 0xFF)] ^ table[Int(four >> 24)])
        return first ^ second ^ third ^ fourth
    }

    /// A string's UTF-8 length and its first, middle and last bytes, as
    /// `count << 24 | first << 16 | middle << 8 | last` (just the count for an empty
    /// string): what ``InternCache`` chooses a slot from.
    ///
    /// Through `withContiguousStorageIfAvailable`, which is inlined, rather than
    /// `utf8.span`, whose getter is a call (with the caller's references retained around
    /// it), or three subscripts of the UTF-8 view, each of which copies a small string out
    /// again. The three indices are below the buffer's count, which is checked non-zero.
    @inline(__always)
    static func utf8Sample(of string: String) -> UInt64 {
        let contiguous = unsafe string.utf8.withContiguousStorageIfAvailable { bytes in
            let count = bytes.count
            guard count > 0 else { return UInt64(0) }
            return unsafe sample(
                count: count, first: bytes[0], middle: bytes[count / 2], last: bytes[count - 1])
        }
        if let contiguous { return contiguous }
        let bytes = string.utf8.span
        let count = bytes.count
        guard count > 0 else { return 0 }
        return sample(count: count, first: bytes[0], middle: bytes[count / 2], last: bytes[count - 1])
    }

    /// A string of at most 16 UTF-8 bytes as its count and two words of them: the first
    /// eight bytes and the last eight (overlapping when fewer than sixteen), or for fewer
    /// than eight the first four and the last four, or the bytes one by one, zero elsewhere.
    /// For a given count this is one-to-one, so equal triples are equal bytes. Nil for a
    /// longer string, or one without contiguous UTF-8.
    ///
    /// What ``InternCache`` compares a short key by: words, with no call and nothing
    /// retained. Every load is within the buffer's count, checked against 16, 8 and 4.
    @inline(__always)
    static func utf8Words(of string: String) -> (count: Int, first: UInt64, last: UInt64)? {
        let words = unsafe string.utf8.withContiguousStorageIfAvailable {
            bytes -> (count: Int, first: UInt64, last: UInt64)? in
            let count = bytes.count
            guard count <= 16, let base = bytes.baseAddress else {
                return count == 0 ? (0, 0, 0) : nil
            }
            let raw = unsafe UnsafeRawPointer(base)
            if count >= 8 {
                return unsafe (
                    count, raw.loadUnaligned(as: UInt64.self),
                    raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                )
            }
            if count >= 4 {
                return unsafe (
                    count, UInt64(raw.loadUnaligned(as: UInt32.self)),
                    UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
                )
            }
            var first: UInt64 = 0
            for index in 0..<count { first |= UInt64(unsafe bytes[index]) << UInt64(8 * index) }
            return (count, first, 0)
        }
        return words ?? nil
    }

    @inline(__always)
    private static func sample(count: Int, first: UInt8, middle: UInt8, last: UInt8) -> UInt64 {
        UInt64(truncatingIfNeeded: count) << 24 | UInt64(first) << 16 | UInt64(middle) << 8 | UInt64(last)
    }
}
