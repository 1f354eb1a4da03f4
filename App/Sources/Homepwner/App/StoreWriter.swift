import Foundation
import HomepwnerCore
import StateRestoration

/// The screens' writes to the store, in order, never blocking and never dropped because
/// the database was busy or the disk refused them (rules H14, H17).
///
/// The app's connection does not wait for locks (busy timeout 0). A write that finds the
/// database locked by another program (`sqlite3`, another Homepwner) stays queued and is
/// tried again every ``retryInterval`` on the run loop's timers; meanwhile ``status`` says
/// "saving… (database busy)", and after ``patience`` it says plainly that another program
/// holds the database. Later edits of the same item's fields are merged into the queued
/// one. A write that fails for a reason that can pass (a full or read-only disk, an I/O
/// error: ``ItemStoreError/mayPass``) stays queued too and is tried again every
/// ``failureRetryInterval``, with a ``status`` that says so on the list and the item.
///
/// **Kept on the store's side.** While writes wait, they are also kept in the store's
/// ``PendingEditJournal`` (its room reserved, so a full disk still takes them): if the app
/// stops before they land, the next launch of any session makes them
/// (``replayJournal(heldSessions:)``). The screen state never carries them (rule H17).
///
/// **Three-way.** A field write carries the stored values it was made from (its base);
/// the store writes a field only where it still holds that base (rule H16). A field changed
/// elsewhere meanwhile is a conflict: it is not written, and the item's screen shows it
/// and lets the user choose; with no screen on the item, a notice names it.
@MainActor
final class StoreWriter {
    /// One queued write.
    enum Operation {
        /// Save the fields the user changed where the store still holds `base`; `name`
        /// names the item in messages.
        case fields(key: UUID, changes: ItemChanges, base: ItemChanges, name: String)
        /// Keep a new item (Done).
        case confirm(key: UUID)
        /// Delete a new item, only if it is still provisional (Cancel).
        case discardNew(key: UUID)
        /// Delete an item and its photo (the list's Delete).
        case delete(key: UUID, name: String)

        var key: UUID {
            switch self {
            case .fields(let key, _, _, _), .confirm(let key), .discardNew(let key), .delete(let key, _): key
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
    /// What the journal holds of this instance's waiting writes, as last written.
    private var journaled: [PendingEdit] = []
    /// Why the journal could not keep the waiting writes, while it cannot.
    private(set) var journalProblem: JournalError?

    init(context: HomepwnerContext) {
        self.context = context
    }

    /// A line for the status line while writes wait, else nil.
    var status: String? {
        guard !pending.isEmpty else { return nil }
        let kept = journalProblem.map { " (and they could not be kept: \($0))" } ?? ""
        if isRefused {
            return "not saved yet: the disk refused the write; trying again every "
                + "\(Self.failureRetryInterval.components.seconds) s\(kept)"
        }
        guard let busySince else { return journalProblem == nil ? nil : "not saved yet\(kept)" }
        if context.now() - busySince >= Self.patience {
            return "saving… another program is holding the database\(kept)"
        }
        return "saving… (database busy)\(kept)"
    }

    /// The queued field changes of the item with `key` (empty when none wait).
    func pendingChanges(for key: UUID) -> ItemChanges {
        pending.reduce(ItemChanges()) { result, operation in
            if case .fields(key, let changes, _, _) = operation { return result.merging(changes) }
            return result
        }
    }

    /// Forgets queued field changes of `key` (its item was deleted outside).
    func discardPending(for key: UUID) {
        pending.removeAll { if case .fields(key, _, _, _) = $0 { true } else { false } }
        keepInJournal()
    }

    /// Queues `operation` and writes everything queued that can be written now.
    func submit(_ operation: Operation) {
        switch operation {
        case .fields(let key, let changes, let base, let name):
            if let last = pending.lastIndex(where: { $0.key == key }),
                case .fields(_, let earlier, let earlierBase, _) = pending[last]
            {
                // A field queued before keeps the base it was made from.
                pending[last] = .fields(
                    key: key, changes: earlier.merging(changes), base: base.merging(earlierBase), name: name)
            } else {
                pending.append(operation)
            }
        case .discardNew(let key), .delete(let key, _):
            pending.removeAll { if case .fields(key, _, _, _) = $0 { true } else { false } }
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
        var landed: [(key: UUID, written: ItemChanges, conflicts: ItemChanges)] = []
        defer {
            keepInJournal()
            // The item's screen hears what of its own landed (its fields' bases move there),
            // then reads the store; after a wait, every screen reads it again. The screen
            // state saves the new bases at once: a kill must not find the database ahead of it.
            let observers = context.watcher.liveObservers
            for write in landed {
                for observer in observers where observer.editingItemKey == write.key {
                    observer.storeDidWrite(write.written, conflicts: write.conflicts)
                    if !waited { observer.storeDidChangeOutside() }
                }
            }
            if waited && wrote {
                for observer in observers { observer.storeDidChangeOutside() }
            }
            if !landed.isEmpty || waited && wrote { context.saveStateNow() }
        }
        while let operation = pending.first {
            do {
                let outcome = try perform(operation)
                pending.removeFirst()
                wrote = true
                context.writesMade += 1
                if let outcome { landed.append((operation.key, outcome.written, outcome.conflicts)) }
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
    /// - Returns: How many writes could still not be made (they are in the journal unless
    ///   ``journalProblem`` says otherwise).
    func flushBeforeExit(waitingUpTo milliseconds: Int32) -> Int {
        guard !pending.isEmpty else { return 0 }
        context.store.setBusyTimeout(milliseconds: milliseconds)
        flush()
        context.store.setBusyTimeout(milliseconds: 0)
        retry?.cancel()
        return pending.count
    }

    /// Makes `operation`; for a field write, what it wrote and what conflicted.
    private func perform(_ operation: Operation) throws(ItemStoreError) -> (
        written: ItemChanges, conflicts: ItemChanges
    )? {
        let store = context.store
        switch operation {
        case .fields(let key, let changes, let base, let name):
            let conflicts = try store.update(key: key, changes: changes, base: base)
            if !conflicts.isEmpty {
                reportConflict(key: key, name: name, changes: changes, base: base, conflicts: conflicts)
            }
            return (changes.removing(conflicts), conflicts)
        case .confirm(let key): try store.confirmItem(withKey: key)
        case .discardNew(let key): try store.deleteProvisionalItem(withKey: key)
        case .delete(let key, _): try store.deleteItem(withKey: key)
        }
        return nil
    }

    /// Fields changed elsewhere since the edit was made: the item's screen, if one shows
    /// it, reads the store and offers the choice; otherwise a notice names what was not
    /// written.
    ///
    /// With no screen on the item, the user's text is kept in the journal for the item's
    /// screen, which shows the conflict when the item is next opened (H16, H17).
    private func reportConflict(
        key: UUID, name: String, changes: ItemChanges, base: ItemChanges, conflicts: ItemChanges
    ) {
        // The item's screen shows it when it reads the store, after this write's report.
        if context.watcher.liveObservers.contains(where: { $0.editingItemKey == key }) { return }
        let fields = Self.fieldNames(of: conflicts).joined(separator: ", ")
        // Named as the list shows it now, so that the user finds it there.
        let name = ((try? context.store.item(forKey: key)) ?? nil)?.name ?? name
        let unresolved = PendingEdit(
            owner: PendingEdit.unresolved, kind: .fields, key: key, name: name,
            changes: changes.keeping(conflicts), base: base.keeping(conflicts))
        do {
            guard let journal = context.journal else {
                throw JournalError(operation: "keep", path: "", code: 0)
            }
            try journal.append([unresolved])
            context.post(
                "Your change to \(fields) of \(Self.quoted(name)) was not saved: it was changed elsewhere "
                    + "too. It is kept: open the item to choose.")
        } catch {
            context.post(
                "Your change to \(fields) of \(Self.quoted(name)) was not saved: it was changed elsewhere since."
            )
        }
    }

    /// The names of the fields `changes` holds, as the item's screen labels them.
    static func fieldNames(of changes: ItemChanges) -> [String] {
        var names: [String] = []
        if changes.name != nil { names.append("Name") }
        if changes.serialNumber != nil { names.append("Serial") }
        if changes.valueInDollars != nil { names.append("Value") }
        if changes.notes != nil { names.append("Notes") }
        return names
    }

    private func report(_ operation: Operation, _ error: ItemStoreError) {
        let gone: Bool = if case .itemNotFound = error { true } else { false }
        switch operation {
        case .fields(_, _, _, let name):
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

    // MARK: The journal

    /// The waiting writes as the journal keeps them (a Cancel's delete is not kept: the
    /// new item it would delete goes with its session).
    private var journalEntries: [PendingEdit] {
        let owner = context.store.session
        return pending.compactMap { operation in
            switch operation {
            case .fields(let key, let changes, let base, let name):
                PendingEdit(owner: owner, kind: .fields, key: key, name: name, changes: changes, base: base)
            case .confirm(let key): PendingEdit(owner: owner, kind: .confirm, key: key, name: "")
            case .delete(let key, let name): PendingEdit(owner: owner, kind: .delete, key: key, name: name)
            case .discardNew: nil
            }
        }
    }

    /// Writes this instance's waiting writes into the journal when they changed.
    private func keepInJournal() {
        guard let journal = context.journal else { return }
        let entries = journalEntries
        guard entries != journaled else { return }
        do {
            try journal.replaceEntries(of: context.store.session, with: entries)
            journaled = entries
            journalProblem = nil
        } catch {
            journalProblem = error
        }
    }

    /// Queues the writes the journal keeps for instances that are not running (and this
    /// one's session), checked as typed input is: at most the journal's bound, values in
    /// whole dollars up to ``DollarValue/maximum``, single-line text without control
    /// characters in the one-line fields; each made where the store still holds its base
    /// (rule H16). Writes that cannot land are named in a notice.
    /// - Returns: How many writes were taken from the journal.
    @discardableResult
    func replayJournal(heldSessions: Set<String>) -> Int {
        guard let journal = context.journal else { return 0 }
        let mine = context.store.session
        let taken: [PendingEdit]
        do {
            taken = try journal.take {
                $0.owner != PendingEdit.unresolved && ($0.owner == mine || !heldSessions.contains($0.owner))
            }
        } catch {
            context.post("Edits kept from an earlier launch could not be read: \(error)")
            return 0
        }
        if let aside = journal.damagedPath {
            context.post(
                "The file of kept edits was damaged; a copy was set aside as \(aside), and what could be read was kept."
            )
        }
        var refused = 0
        for entry in taken {
            switch entry.kind {
            case .fields:
                guard Self.isValid(entry.changes), Self.isValid(entry.base) else {
                    refused += 1
                    continue
                }
                submit(.fields(key: entry.key, changes: entry.changes, base: entry.base, name: entry.name))
            case .confirm: submit(.confirm(key: entry.key))
            case .delete: submit(.delete(key: entry.key, name: entry.name))
            }
        }
        if refused > 0 {
            context.post(
                "\(refused) kept edit(s) were not applied: they hold values Homepwner does not accept.")
        }
        return taken.count
    }

    /// True when `changes` could have been typed: a whole-dollar value within
    /// ``DollarValue/maximum``, one-line name and serial number without controls, notes
    /// without controls but line breaks and tabs.
    static func isValid(_ changes: ItemChanges) -> Bool {
        func oneLine(_ text: String?) -> Bool {
            text.map { !$0.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) } }
                ?? true
        }
        let notesValid =
            changes.notes.map {
                !$0.unicodeScalars.contains {
                    ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F..<0xA0).contains($0.value)
                }
            } ?? true
        let valueValid = changes.valueInDollars.map { $0 >= 0 && $0 <= DollarValue.maximum } ?? true
        return oneLine(changes.name) && oneLine(changes.serialNumber) && notesValid && valueValid
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
    /// The item whose fields this screen edits, if any.
    var editingItemKey: UUID? { get }
    /// A write of ``editingItemKey``'s fields landed: `written` is in the store now,
    /// `conflicts` holds the stored values of the fields it did not write (H16).
    func storeDidWrite(_ written: ItemChanges, conflicts: ItemChanges)
}

extension StoreObserver {
    var editingItemKey: UUID? { nil }
    func storeDidWrite(_ written: ItemChanges, conflicts: ItemChanges) {}
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
