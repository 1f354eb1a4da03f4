// Unchecked code lives in this folder only (docs/DECISIONS.md, "Unsafe code in one folder";
// rule C2), one type per file. This one: a cast whose check the caller has made.

/// Casts that skip the runtime's check because the caller has made it already.
///
/// Invariant: the value's dynamic type is exactly the target type. Each call site checks
/// it just before (an `ObjectIdentifier` of the types); nothing else may call these.
@usableFromInline
enum UncheckedCast {
    /// `object` as `Target`, whose class the caller checked is exactly `Target`.
    ///
    /// `as?` from an existential is a call into the runtime's general cast: for the typed
    /// reference lists of a restore it is a noticeable share of reading a list
    /// (docs/PERFORMANCE.md). With the class checked equal, the cast is a reinterpretation
    /// of the reference.
    @inlinable @inline(__always)
    static func exactClass<Target>(_ object: AnyObject, as target: Target.Type) -> Target {
        unsafe unsafeBitCast(object, to: Target.self)
    }
}
