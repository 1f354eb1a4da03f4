internal import CArchiveChecksum
import Foundation

// The third of the engine's places for unchecked code (docs/DECISIONS.md, "Unsafe code in
// three files"): memory read and written a word at a time, and the buffers handed to the
// system. The others are UncheckedAccess.swift and UncheckedSystem.swift.

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

/// Bytes that never change, held by this object: an archive's, while it is read.
///
/// It holds the caller's array itself rather than a copy (a restore used to copy the whole
/// archive into memory of its own first: a pass that read and wrote every byte before the
/// checksum had read one; docs/PERFORMANCE.md).
///
/// Invariant: `base` addresses the `count` elements of `bytes`, a `let` array this object
/// holds and never mutates. A `[UInt8]` always has native contiguous storage (its elements
/// are not a class, so it is never backed lazily by a bridged `NSArray`, and there is no
/// bridging on Linux), and `withUnsafeBufferPointer` of such an array gives the address of
/// that storage's elements, computed by inlinable code the stdlib's ABI fixes; the storage
/// is freed or moved only when the last reference to it goes or a mutation finds it
/// shared, and this object keeps a reference and mutates nothing. So the address taken in
/// `init` stays valid and its bytes unchanged until `deinit` (a caller that mutates its own
/// copy of the array writes to a new buffer, since this one is shared). A
/// ``UncheckedByteView`` of them is made only by ``view``, and kept only by values whose
/// owner keeps this storage (``ArchiveView`` holds it, and every reader of a restore is
/// made from a live view), so a view never outlives the bytes. Never written, the bytes may
/// be read from any thread.
@safe
final class UncheckedByteStorage: @unchecked Sendable {
    private let bytes: [UInt8]
    private let base: UnsafePointer<UInt8>
    let count: Int

    /// Holds `bytes`, which must not be empty.
    init(holding bytes: [UInt8]) {
        precondition(!bytes.isEmpty, "no bytes to hold")
        self.bytes = bytes
        count = bytes.count
        unsafe base = unsafe self.bytes.withUnsafeBufferPointer { $0.baseAddress! }
    }

    /// A view of the bytes, valid while this storage lives.
    var view: UncheckedByteView { unsafe UncheckedByteView(base: base, count: count) }
}

/// A view of the bytes of an ``UncheckedByteStorage``: a pointer and a count, so that the
/// readers that a restore makes per value retain and release nothing.
///
/// Invariant: `count` is at most the storage's (``prefix(_:)`` checks it); every read checks
/// its whole range against `count` (a trap, never a read past the end) before its
/// unchecked access; the storage outlives the view (see ``UncheckedByteStorage``). A string
/// is made without validation only from bytes ``isASCII(_:)`` has just found all below
/// 0x80, which are valid UTF-8 and ASCII, as ``asciiString(_:)`` declares them.
@safe
struct UncheckedByteView {
    private let base: UnsafePointer<UInt8>
    let count: Int

    fileprivate init(base: UnsafePointer<UInt8>, count: Int) {
        unsafe self.base = base
        self.count = count
    }

    /// The first `count` bytes, a view whose reads are checked against that count.
    func prefix(_ count: Int) -> UncheckedByteView {
        precondition(count >= 0 && count <= self.count, "a prefix longer than the bytes")
        return unsafe UncheckedByteView(base: base, count: count)
    }

    /// Whether `offset` is a byte of the view: the comparison every read makes, so that a
    /// caller that asks first is left with one check (the optimizer folds the read's).
    @inline(__always)
    func contains(_ offset: Int) -> Bool {
        UInt(bitPattern: offset) < UInt(bitPattern: count)
    }

    /// The byte at `offset`.
    @inline(__always)
    subscript(offset: Int) -> UInt8 {
        precondition(contains(offset), "read past the end of the bytes")
        return unsafe base[offset]
    }

    /// The eight bytes at `offset`, little-endian.
    @inline(__always)
    func littleEndian64(at offset: Int) -> UInt64 {
        precondition(offset >= 0 && offset <= count &- 8, "read past the end of the bytes")
        return unsafe UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }

    /// Runs `body` with the bytes of `range`.
    @inline(__always)
    func withSpan<Result>(_ range: Range<Int>, _ body: (Span<UInt8>) -> Result) -> Result {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "read past the end of the bytes")
        return body(
            unsafe Span(
                _unsafeElements: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)))
    }

    /// Whether every byte of `range` is below 0x80, read eight bytes at a time (the last
    /// eight overlapping those before them, so there is no tail of single bytes), or four
    /// for a range of four to seven bytes.
    @inline(__always)
    func isASCII(_ range: Range<Int>) -> Bool {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "read past the end of the bytes")
        let start = range.lowerBound
        let end = range.upperBound
        var high: UInt64 = 0
        if end - start >= 8 {
            var index = start
            while end - index > 8 {
                high |= unsafe UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                index += 8
            }
            high |= unsafe UnsafeRawPointer(base + (end - 8)).loadUnaligned(as: UInt64.self)
        } else if end - start >= 4 {
            high = UInt64(unsafe UnsafeRawPointer(base + start).loadUnaligned(as: UInt32.self))
            high |= UInt64(unsafe UnsafeRawPointer(base + (end - 4)).loadUnaligned(as: UInt32.self))
        } else {
            for index in start..<end { high |= UInt64(unsafe base[index]) }
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// The bytes of `range` as a string if they are all ASCII, made without the standard
    /// library's UTF-8 validation, which ASCII needs none of (checked here, by
    /// ``isASCII(_:)``); nil otherwise.
    @inline(__always)
    func asciiString(_ range: Range<Int>) -> String? {
        guard isASCII(range) else { return nil }
        let span = unsafe Span(
            _unsafeElements: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
        return String(copying: unsafe UTF8Span(unchecked: span, isKnownASCII: true))
    }

    /// The bytes of `range` as a string, decoded as UTF-8 (invalid sequences repaired).
    func string(_ range: Range<Int>) -> String {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "read past the end of the bytes")
        return unsafe String(
            decoding: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), as: UTF8.self)
    }

    /// The bytes of `range`, copied.
    func data(_ range: Range<Int>) -> Data {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "read past the end of the bytes")
        return unsafe Data(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// The bytes of `range`, copied.
    func array(_ range: Range<Int>) -> [UInt8] {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "read past the end of the bytes")
        return unsafe Array(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }
}

/// An append-only byte buffer over memory it owns: the archive body's storage.
///
/// Appending to a `[UInt8]` checks uniqueness and capacity for every byte, and a save
/// writes a few dozen bytes per object in many small appends; this buffer checks capacity
/// once per primitive (docs/PERFORMANCE.md). It cannot be copied, so there is one owner,
/// and it frees its memory when that owner is done with it.
///
/// Invariant: `base` addresses `capacity` bytes allocated by this buffer, the first
/// `count` of them written, `count <= capacity`; each write first makes room for all it
/// writes, and reads see only `0..<count`.
@safe
struct UncheckedByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        unsafe base = .allocate(capacity: self.capacity)
    }

    deinit {
        unsafe base.deallocate()
    }

    /// Drops every byte, keeping the memory for the next writes.
    mutating func removeAll() {
        count = 0
    }

    /// Drops the bytes after `mark`.
    mutating func truncate(to mark: Int) {
        count = min(count, max(mark, 0))
    }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if capacity - count < extra { grow(extra) }
    }

    private mutating func grow(_ extra: Int) {
        var newCapacity = capacity * 2
        while newCapacity - count < extra { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        unsafe newBase.initialize(from: base, count: count)
        unsafe base.deallocate()
        unsafe base = newBase
        capacity = newCapacity
    }

    /// One byte.
    @inline(__always)
    mutating func byte(_ value: UInt8) {
        reserve(1)
        unsafe base[count] = value
        count += 1
    }

    /// Two bytes, with one check of the room: an entry's one-byte key field and its tag.
    @inline(__always)
    mutating func twoBytes(_ first: UInt8, _ second: UInt8) {
        reserve(2)
        unsafe base[count] = first
        unsafe base[count + 1] = second
        count += 2
    }

    /// A LEB128 varint: seven bits a byte, low bits first.
    @inline(__always)
    mutating func varint(_ value: UInt64) {
        // Most varints (keys, tags' lengths, small numbers) are one byte.
        if value < 0x80 {
            byte(UInt8(truncatingIfNeeded: value))
            return
        }
        longVarint(value)
    }

    private mutating func longVarint(_ value: UInt64) {
        reserve(10)  // 64 bits, seven a byte
        var value = value
        var at = count
        while value >= 0x80 {
            unsafe base[at] = UInt8(truncatingIfNeeded: value) | 0x80
            value >>= 7
            at += 1
        }
        unsafe base[at] = UInt8(value)
        count = at + 1
    }

    /// Eight bytes, little-endian.
    mutating func fixed64(_ value: UInt64) {
        reserve(8)
        unsafe UnsafeMutableRawPointer(base + count).storeBytes(of: value.littleEndian, as: UInt64.self)
        count += 8
    }

    /// The bytes of `source`.
    mutating func bytes(_ source: Span<UInt8>) {
        guard !source.isEmpty else { return }
        reserve(source.count)
        unsafe source.withUnsafeBufferPointer { source in
            unsafe (base + count).update(from: source.baseAddress!, count: source.count)
        }
        count += source.count
    }

    /// A string's UTF-8 bytes after their count, a varint: read in place through
    /// `withContiguousStorageIfAvailable`, which is inlined, rather than through `utf8.span`,
    /// whose getter is a call.
    @inline(__always)
    mutating func lengthPrefixedUTF8(_ string: String) {
        let written: Void? = unsafe string.utf8.withContiguousStorageIfAvailable { source in
            varint(UInt64(source.count))
            guard let start = source.baseAddress, source.count > 0 else { return }
            reserve(source.count)
            unsafe (base + count).update(from: start, count: source.count)
            count += source.count
        }
        if written == nil {
            let utf8 = string.utf8.span
            varint(UInt64(utf8.count))
            bytes(utf8)
        }
    }

    /// Appends the bytes written so far to `target`.
    func append(to target: inout [UInt8]) {
        unsafe target.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    }

    /// Runs `body` with the bytes written so far.
    func withBytes<Result, Failure: Error>(
        _ body: (Span<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(unsafe Span(_unsafeElements: UnsafeBufferPointer(start: base, count: count)))
    }
}
