// Unchecked code lives in this folder only (docs/DECISIONS.md, "Unsafe code in one folder";
// rule C2), one type per file. This one: a save's body, kept without a copy and read anywhere.

/// A save's body once written, kept for later saves to copy from (rule P1): the buffer
/// itself, moved in, so that the main actor never copies it.
///
/// Invariant: nothing writes the buffer after `init` (it is a `let`, and the buffer is
/// written only through `mutating` methods); it is read only through the methods below,
/// which read the bytes written, so any thread may read it at once.
@safe
final class UncheckedFrozenBytes: @unchecked Sendable {
    private let buffer: UncheckedByteBuffer

    init(_ buffer: consuming UncheckedByteBuffer) {
        self.buffer = buffer
    }

    /// How many bytes it holds.
    var count: Int { buffer.count }

    /// Appends the bytes `range` to `target`.
    func append(_ range: Range<Int>, to target: inout [UInt8]) {
        buffer.append(range, to: &target)
    }

    /// Runs `body` with the bytes.
    func withBytes<Result, Failure: Error>(
        _ body: (Span<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try buffer.withBytes(body)
    }
}
