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

    #if DEBUG
        /// True while a mutation of ``value`` is in progress: debug builds (every test run)
        /// trap on an access that begins inside one, the re-entry the invariant forbids.
        private var mutating = false

        /// The value, in place; each access checked against a mutation in progress.
        var value: Value {
            _read {
                precondition(!mutating, "UncheckedBox: read while a mutation is in progress")
                yield unsafe cell.pointee
            }
            _modify {
                precondition(!mutating, "UncheckedBox: a mutation began inside another")
                mutating = true
                defer { mutating = false }
                yield unsafe &cell.pointee
            }
        }
    #else
        /// The value, in place.
        var value: Value {
            @inline(__always) unsafeAddress { unsafe UnsafePointer(cell) }
            @inline(__always) unsafeMutableAddress { unsafe cell }
        }
    #endif
}
