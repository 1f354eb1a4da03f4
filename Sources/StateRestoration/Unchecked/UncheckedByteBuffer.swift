// Unchecked code lives in this folder only (docs/DECISIONS.md, "Unsafe code in one folder";
// rule C2), one type per file. This one: the append-only buffer a save writes its body into.

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
        reserve(LEB128.maximumLength)
        var at = count
        let base = unsafe self.base
        LEB128.write(value) { byte in
            unsafe base[at] = byte
            at += 1
        }
        count = at
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

    /// Appends the bytes `range` (within those written) to `target`.
    func append(_ range: Range<Int>, to target: inout [UInt8]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        unsafe target.append(
            contentsOf: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// Runs `body` with the bytes written so far.
    func withBytes<Result, Failure: Error>(
        _ body: (Span<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(unsafe Span(_unsafeElements: UnsafeBufferPointer(start: base, count: count)))
    }
}
