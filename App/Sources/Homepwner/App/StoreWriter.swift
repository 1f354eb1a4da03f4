import Foundation
import StateRestoration

/// The screens' writes to the store, in order, never blocking and never dropped because
/// the database was busy (rule H14).
///
/// The app's connection does not wait for locks (busy timeout 0). A write that finds the
/// database locked by another program (`sqlite3`, another Homepwner) stays queued and is
/// tried again every ``retryInterval`` on the run loop's timers; meanwhile ``status`` says
/// "saving… (database busy)", and after ``patience`` it says plainly that another program
/// holds the database. Later edits of the same item's fields are merged into the queued
/// one. A write that fails for a reason that can pass (a full or read-only disk, an I/O
/// error: ``ItemStoreError/mayPass``) stays queued too and is tried again every
/// ``failureRetryInterval``, with a ``status`` that says so on the list and the item: what
/// was typed is written once the disk takes it. Other errors (the item was deleted outside) drop the
/// write and are reported as notices.
@MainActor
final class StoreWriter {
    /// One queued write.
    enum Operation {
        /// Save the fields the user changed; `name` names the item in messages.
        case fields(key: UUID, changes: ItemChanges, name: String)
        /// Keep a new item (Done).
        case confirm(key: UUID)
        /// Delete a new item, only if it is still provisional (Cancel).
        case discardNew(key: UUID)
        /// Delete an item and its photo (the list's Delete).
        case delete(key: UUID, name: String)

        var key: UUID {
            switch self {
            case .fields(let key, _, _), .confirm(let key), .discardNew(let key), .delete(let key, _): key
            }
        }
    }

    /// How often a busy write is tried again.
    static let retryInterval: Duration = .milliseconds(250)
    /// How long the database may stay locked before ``status`` says so plainly.
    static let patience: Duration = .seconds(5)
    /// How often a write that failed for a reason that can pass is tried again.
    static let failureRetryInterval: Duration = .seconds(2)

    private unowned let context: HomepwnerContext
    private(set) var pending: [Operation] = []
    private var busySince: Duration?
    /// True while the first queued write fails for a reason that can pass.
    private var isRefused = false
    private var retry: (any ScheduledAction)?

    init(context: HomepwnerContext) {
        self.context = context
    }

    /// A line for the status line while writes wait for a lock, else nil.
    var status: String? {
        guard !pending.isEmpty else { return nil }
        if isRefused {
            return "not saved yet: the disk refused the write; trying again every "
                + "\(Self.failureRetryInterval.components.seconds) s"
        }
        guard let busySince else { return nil }
        if context.now() - busySince >= Self.patience {
            return "saving… another program is holding the database"
        }
        return "saving… (database busy)"
    }

    /// The queued field changes of the item with `key` (empty when none wait).
    func pendingChanges(for key: UUID) -> ItemChanges {
        pending.reduce(ItemChanges()) { result, operation in
            if case .fields(key, let changes, _) = operation { return result.merging(changes) }
            return result
        }
    }

    /// A queued change of an item's fields, as the screen state keeps it: what the user
    /// typed that the store has not taken yet (a lock, a disk that refuses it). Kept in
    /// every save while it waits, it is queued again at the next launch, so that leaving
    /// the item, then quitting or being killed, does not lose it.
    struct KeptFieldWrite: Codable, Equatable {
        var key: UUID
        var name: String
        var changes: ItemChanges
    }

    /// The queued field changes, for the screen state.
    var keptFieldWrites: [KeptFieldWrite] {
        pending.compactMap { operation in
            guard case .fields(let key, let changes, let name) = operation else { return nil }
            return KeptFieldWrite(key: key, name: name, changes: changes)
        }
    }

    /// Queues again what an earlier launch kept (``keptFieldWrites``), and writes what it can.
    func resubmit(_ kept: [KeptFieldWrite]) {
        for write in kept { submit(.fields(key: write.key, changes: write.changes, name: write.name)) }
    }

    /// Forgets queued field changes of `key` (its item was deleted outside).
    func discardPending(for key: UUID) {
        pending.removeAll { if case .fields(key, _, _) = $0 { true } else { false } }
    }

    /// Queues `operation` and writes everything queued that can be written now.
    func submit(_ operation: Operation) {
        switch operation {
        case .fields(let key, let changes, let name):
            if let last = pending.lastIndex(where: { $0.key == key }),
                case .fields(_, let earlier, _) = pending[last]
            {
                pending[last] = .fields(key: key, changes: earlier.merging(changes), name: name)
            } else {
                pending.append(operation)
            }
        case .discardNew(let key), .delete(let key, _):
            discardPending(for: key)
            pending.append(operation)
        case .confirm:
            pending.append(operation)
        }
        flush()
    }

    /// Writes what is queued, in order, until done or the database is busy (then a retry
    /// is scheduled).
    func flush() {
        retry?.cancel()
        retry = nil
        let waited = busySince != nil || isRefused
        var wrote = false
        defer {
            // Writes that waited landed now: the screens read the store again, and the screen
            // state stops keeping them (``keptFieldWrites``).
            if waited && wrote {
                for observer in context.watcher.liveObservers { observer.storeDidChangeOutside() }
                context.stateDidChange()
            }
        }
        while let operation = pending.first {
            do {
                try perform(operation)
                pending.removeFirst()
                wrote = true
                context.writesMade += 1
            } catch  where error.isBusy {
                if busySince == nil { busySince = context.now() }
                retry = context.schedule(after: Self.retryInterval) { [weak self] in self?.flush() }
                return
            } catch  where error.mayPass {
                // The list and the item show ``status`` until it lands.
                isRefused = true
                retry = context.schedule(after: Self.failureRetryInterval) { [weak self] in self?.flush() }
                return
            } catch {
                pending.removeFirst()
                report(operation, error)
            }
        }
        busySince = nil
        isRefused = false
    }

    /// The last chance before the process exits: waits up to `milliseconds` for a lock.
    /// - Returns: How many writes could still not be made.
    func flushBeforeExit(waitingUpTo milliseconds: Int32) -> Int {
        guard !pending.isEmpty else { return 0 }
        context.store.setBusyTimeout(milliseconds: milliseconds)
        flush()
        context.store.setBusyTimeout(milliseconds: 0)
        retry?.cancel()
        return pending.count
    }

    private func perform(_ operation: Operation) throws(ItemStoreError) {
        let store = context.store
        switch operation {
        case .fields(let key, let changes, _): try store.update(key: key, changes: changes)
        case .confirm(let key): try store.confirmItem(withKey: key)
        case .discardNew(let key): try store.deleteProvisionalItem(withKey: key)
        case .delete(let key, _): try store.deleteItem(withKey: key)
        }
    }

    private func report(_ operation: Operation, _ error: ItemStoreError) {
        let gone: Bool = if case .itemNotFound = error { true } else { false }
        switch operation {
        case .fields(_, _, let name):
            context.post(
                gone
                    ? "\(Self.quoted(name)) was deleted outside Homepwner; your changes to it are lost."
                    : "\(Self.quoted(name)) was not saved: \(error)")
        case .confirm:
            context.post(
                gone ? "The new item was deleted outside Homepwner." : "The new item was not kept: \(error)")
        case .discardNew:
            context.post("The new item was not deleted: \(error)")
        case .delete(_, let name):
            context.post("\(Self.quoted(name)) was not deleted: \(error)")
        }
    }

    /// “name”, or "The item" for an empty name; a name longer than 40 characters is cut to
    /// its first 40 and …, so that a message about it still shows what happened.
    nonisolated static func quoted(_ name: String) -> String {
        name.isEmpty ? "The item" : "“\(shortened(name))”"
    }

    /// `name`, cut to its first 40 characters and … when longer: for a name inside a
    /// sentence (a notice, the delete question, the Summary).
    nonisolated static func shortened(_ name: String) -> String {
        name.count > 40 ? name.prefix(40) + "…" : name
    }
}

/// What a screen does when the store changes outside the app, or before the app stops.
@MainActor
protocol StoreObserver: AnyObject {
    /// Another connection (`sqlite3`, another Homepwner) committed a change.
    func storeDidChangeOutside()
    /// The app is about to stop or be suspended: commit edits that wait for a debounce.
    func commitPendingEdits()
}

/// Polls `PRAGMA data_version` every ``interval`` on the run loop and tells the observers
/// when another connection committed (rule H13). The app's own writes do not count.
@MainActor
final class StoreWatcher {
    /// How often the store is looked at.
    static let interval: Duration = .milliseconds(500)

    private unowned let context: HomepwnerContext
    private var lastVersion: Int64?
    private var timer: (any ScheduledAction)?
    private var observers: [WeakObserver] = []

    private struct WeakObserver {
        weak var observer: (any StoreObserver)?
    }

    init(context: HomepwnerContext) {
        self.context = context
    }

    /// Adds `observer`, held weakly.
    func add(_ observer: any StoreObserver) {
        observers.removeAll { $0.observer == nil || $0.observer === observer }
        observers.append(WeakObserver(observer: observer))
    }

    /// The live observers, oldest first.
    var liveObservers: [any StoreObserver] { observers.compactMap(\.observer) }

    /// Starts polling.
    func start() {
        lastVersion = try? context.store.dataVersion()
        scheduleNext()
    }

    /// Looks at the store now.
    func poll() {
        if let version = try? context.store.dataVersion(), version != lastVersion {
            lastVersion = version
            for observer in liveObservers { observer.storeDidChangeOutside() }
        }
    }

    private func scheduleNext() {
        timer = context.schedule(after: Self.interval) { [weak self] in
            self?.poll()
            self?.scheduleNext()
        }
    }
}
