// Unchecked code lives in this folder only (docs/DECISIONS.md, "Unsafe code in one folder";
// rule C2), one type per file. This one: a heap cell without the exclusivity check.

/// A heap cell for the mutable state of one pass (a save's builder and tables, a restore's
/// shared context, a coder's cursor), read and written without the run-time exclusivity
/// check.
///
/// Each access to a stored `var` of a class is a dynamic exclusivity check: a run-time call
/// and a thread-local look-up. A save or a restore makes several per object, and they have
/// nothing to find: the owner is one pass on one thread that never re-enters.
///
/// Invariant: the value is accessed from one thread, and no access to it begins while
/// another is in progress (no call made while mutating ``value`` reads or writes it again).
/// The cell owns its memory: it is allocated and initialised in `init` and freed in
/// `deinit`, so every access is to a live value.
@safe
final class UncheckedBox<Value: ~Copyable> {
    private let cell: UnsafeMutablePointer<Value>

    init(_ value: consuming Value) {
        unsafe cell = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        unsafe cell.initialize(to: value)
    }

    deinit {
        unsafe cell.deinitialize(count: 1)
        unsafe cell.deallocate()
    }

    /// The value, in place.
    var value: Value {
        @inline(__always) unsafeAddress { unsafe UnsafePointer(cell) }
        @inline(__always) unsafeMutableAddress { unsafe cell }
    }
}
