/// The error `body` throws, or nil when it returns: for a test object that records what
/// one read threw (a value of the wrong type, a reference of another class) and goes on
/// decoding.
///
/// Part of `TestSupport`, which is for this repository's tests, not API.
public func errorThrown<E: Error>(by body: () throws(E) -> Void) -> E? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}
