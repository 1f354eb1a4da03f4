// Unchecked code lives in this folder only (docs/DECISIONS.md, "Unsafe code in one folder";
// rule C2), one type per file. This one: an archive's bytes, which lend a view of themselves inside a closure.

/// Bytes that never change, held by this object: an archive's, while it is read.
///
/// It holds the caller's array itself rather than a copy (a restore used to copy the whole
/// archive into memory of its own first: a pass that read and wrote every byte before the
/// checksum had read one; docs/PERFORMANCE.md), and lends a view of its elements only
/// inside ``withView(_:)``, the closure of the array's own `withUnsafeBufferPointer`.
///
/// Invariant: a view that ``withView(_:)`` lends is used only inside the closure it is
/// lent to, and not kept past it. The readers made from it are local values of that
/// closure; the one place that stores a view across calls, a restore's
/// `DecodingContext`, stores it when its `withBytes` opens the lent scope and replaces it
/// with ``UncheckedByteView/closed`` before the scope ends. Never written, the bytes may be
/// read from any thread.
@safe
final class UncheckedByteStorage: Sendable {
    private let bytes: [UInt8]

    /// Holds `bytes`, which must not be empty.
    init(holding bytes: [UInt8]) {
        precondition(!bytes.isEmpty, "no bytes to hold")
        self.bytes = bytes
    }

    /// How many bytes it holds.
    var count: Int { bytes.count }

    /// Runs `body` with a view of the bytes, valid only inside `body`.
    @inline(__always)
    func withView<Result, Failure: Error>(
        _ body: (UncheckedByteView) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try unsafe bytes.withUnsafeBufferPointer { buffer throws(Failure) -> Result in
            // Not empty (checked in init), so the buffer has an address.
            try body(
                unsafe UncheckedByteView(base: buffer.baseAddress.unsafelyUnwrapped, count: buffer.count))
        }
    }
}
