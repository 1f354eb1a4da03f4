import StateRestoration
import Synchronization

/// A `RestorationStorage` in memory that outlives the apps using it, as a disk outlives
/// a killed process. It can be told to fail, to test rule R10's promises.
public final class InMemoryStorage: RestorationStorage {
    private struct State {
        var items: [StorageItem: [UInt8]] = [:]
        var failingWrites: RestorationError?
        var failingOverwrites: RestorationError?
        var writeCount = 0
    }

    private let state = Mutex(State())

    /// Creates empty storage.
    public init() {}

    public var location: String { "memory" }

    public func load(_ item: StorageItem) throws(RestorationError) -> [UInt8]? {
        state.withLock { $0.items[item] }
    }

    public func store(_ bytes: [UInt8], as item: StorageItem) throws(RestorationError) {
        let failure = state.withLock { state -> RestorationError? in
            if let error = state.failingWrites { return error }
            state.items[item] = bytes
            state.writeCount += 1
            return nil
        }
        if let failure { throw failure }
    }

    /// Rewrites an item in place, as the in-progress marker is moved (rule R28); fails as
    /// ``failingOverwrites`` says, apart from whole writes.
    public func overwrite(_ bytes: [UInt8], in item: StorageItem) throws(RestorationError) {
        if let failure = state.withLock({ $0.failingOverwrites }) { throw failure }
        try store(bytes, as: item)
    }

    public func remove(_ item: StorageItem) throws(RestorationError) {
        _ = state.withLock { $0.items.removeValue(forKey: item) }
    }

    /// The bytes of an item, or nil. Same as ``load(_:)`` without the `throws`.
    public subscript(item: StorageItem) -> [UInt8]? {
        get { state.withLock { $0.items[item] } }
        set { state.withLock { $0.items[item] = newValue } }
    }

    /// How many writes succeeded so far.
    public var writeCount: Int { state.withLock { $0.writeCount } }

    /// Makes every write fail with `error` (as a full disk would) until set back to nil.
    public var failingWrites: RestorationError? {
        get { state.withLock { $0.failingWrites } }
        set { state.withLock { $0.failingWrites = newValue } }
    }

    /// Makes every in-place rewrite fail with `error` until set back to nil; whole writes
    /// go on working.
    public var failingOverwrites: RestorationError? {
        get { state.withLock { $0.failingOverwrites } }
        set { state.withLock { $0.failingOverwrites = newValue } }
    }

    /// A typical write failure: no space left on the device.
    public static let diskFull = RestorationError.io(
        operation: "write", path: "memory/restoration.archive", code: 28, message: "No space left on device")
}
