// Unchecked code lives in this folder only (docs/DECISIONS.md, "Unsafe code in one folder";
// rule C2), one type per file. This one: a save's body, kept without a copy, read anywhere.

/// A save's body once written, moved in without a copy, for later saves to copy from (P1).
///
/// Invariant: only ``thaw()`` writes `buffer` (it moves it out), and only when its caller
/// holds the one reference to this object; otherwise the bytes written are only read, so
/// any thread may read them at once.
@safe
final class UncheckedFrozenBytes: @unchecked Sendable {
    private var buffer: UncheckedByteBuffer?

    init(_ buffer: consuming UncheckedByteBuffer) { self.buffer = .some(buffer) }

    var count: Int { buffer?.count ?? 0 }

    func append(_ range: Range<Int>, to target: inout [UInt8]) { buffer?.append(range, to: &target) }

    func withBytes<Result>(_ body: (Span<UInt8>) -> Result) -> Result? { buffer?.withBytes(body) }

    /// The buffer, to be written again; the caller holds the one reference to this object.
    func thaw() -> UncheckedByteBuffer? { buffer.take() }
}
