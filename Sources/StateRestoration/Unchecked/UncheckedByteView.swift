import Foundation

// Unchecked code lives in this folder only (docs/DECISIONS.md, "Unsafe code in one folder";
// rule C2), one type per file. This one: a view of lent bytes, read without a retain.

/// A view of the bytes of an ``UncheckedByteStorage``: a pointer and a count, so that the
/// readers that a restore makes per value retain and release nothing.
///
/// Invariant: `count` is at most the storage's (``prefix(_:)`` checks it); every read checks
/// its whole range against `count` (a trap, never a read past the end) before its
/// unchecked access; a view is used only inside the closure of
/// ``UncheckedByteStorage/withView(_:)`` that lent it. ``closed`` has no bytes: its
/// address is never read, as every read of it traps first. A string
/// is made without validation only from bytes ``isASCII(_:)`` has just found all below
/// 0x80, which are valid UTF-8 and ASCII, as ``asciiString(_:)`` declares them.
@safe
struct UncheckedByteView {
    private let base: UnsafePointer<UInt8>
    let count: Int

    /// Only ``UncheckedByteStorage/withView(_:)`` and ``closed`` make views (nothing outside
    /// this folder may name a pointer type: scripts/check-unsafe).
    init(base: UnsafePointer<UInt8>, count: Int) {
        unsafe self.base = base
        self.count = count
    }

    /// A view of no bytes, for a holder whose lent scope is over.
    static var closed: UncheckedByteView {
        // Address 1 (no byte of it is ever read: the count is 0) rather than an optional,
        // which every read would have to unwrap.
        unsafe UncheckedByteView(base: UnsafePointer(bitPattern: 1).unsafelyUnwrapped, count: 0)
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
