import Foundation
import HomepwnerCore
import StateRestoration

/// The kill storm of the item store (rule H6): `homepwner-store-stress edits` makes quick
/// random edits and is killed with SIGKILL at a random moment, over and over. After each
/// kill, `PRAGMA integrity_check` must say `ok`, and every edit the child reported as
/// committed must be in the store; the one it was making may or may not be.
@MainActor
struct StoreStorm {
    let options: StormOptions
    /// Deletes the last committed new item before each check, as a store that lost a
    /// commit would look: the negative control, which must report failures.
    let loseLastEdit: Bool

    /// A row as the storm sees it: key, name and value, in list order.
    struct Row: Equatable, CustomStringConvertible {
        var key: String
        var name: String
        var value: Int
        var description: String { "\(name)=\(value)" }
    }

    /// One edit as the child announces it (`begin <edit>`).
    enum Edit {
        case create(Row)
        case update(key: String, name: String, value: Int)
        case move(from: Int, to: Int)
        case delete(key: String)

        init?(_ line: Substring) {
            let words = line.split(separator: " ").map(String.init)
            switch (words.first, words.count) {
            case ("create", 4):
                guard let value = Int(words[3]) else { return nil }
                self = .create(Row(key: words[1], name: words[2], value: value))
            case ("update", 4):
                guard let value = Int(words[3]) else { return nil }
                self = .update(key: words[1], name: words[2], value: value)
            case ("move", 3):
                guard let from = Int(words[1]), let to = Int(words[2]) else { return nil }
                self = .move(from: from, to: to)
            case ("delete", 2): self = .delete(key: words[1])
            default: return nil
            }
        }

        func apply(to rows: inout [Row]) {
            switch self {
            case .create(let row): rows.append(row)
            case .update(let key, let name, let value):
                if let index = rows.firstIndex(where: { $0.key == key }) {
                    rows[index].name = name
                    rows[index].value = value
                }
            case .move(let from, let to):
                guard rows.indices.contains(from), rows.indices.contains(to) else { return }
                rows.insert(rows.remove(at: from), at: to)
            case .delete(let key): rows.removeAll { $0.key == key }
            }
        }
    }

    func run() -> Never {
        let data = options.directory + "/store"
        options.prepareDirectory(emptying: data)
        let stress = StormOptions.toolDirectory + "/homepwner-store-stress"
        guard FileManager.default.isExecutableFile(atPath: stress) else { fail("\(stress) is not built") }
        var generator = SeededRandomNumberGenerator(seed: options.seed)
        var rows: [Row] = []
        var failures = 0
        var counts = Counts()
        let started = ContinuousClock.now
        for cycle in 1...max(options.cycles, 1) {
            var notes: [String] = []
            let seed = options.seed &* 1_000_003 &+ UInt64(cycle)
            let child = killAtRandomMoment(
                stress, ["edits", data, "\(seed)", "1000000"], name: "the editor",
                isReady: { $0.hasPrefix("begin ") }, maxDelay: options.maxDelay, using: &generator,
                notes: &notes)
            counts.kills += 1

            // Replay what was acknowledged; the last edit may or may not have committed.
            var pending: Edit?
            var lastCreated: String?
            for line in child.lines {
                if line.hasPrefix("begin ") {
                    pending = Edit(line.dropFirst(6))
                    if pending == nil { notes.append("cannot read '\(line)'") }
                } else if line == "ok", let edit = pending {
                    if case .create(let row) = edit { lastCreated = row.key }
                    edit.apply(to: &rows)
                    counts.acknowledged += 1
                    pending = nil
                }
            }
            var withPending = rows
            pending?.apply(to: &withPending)
            if loseLastEdit, let key = lastCreated.flatMap(ItemKey.parse) {
                do {
                    try ItemStore(paths: HomepwnerPaths(dataDirectory: data, stateDirectory: data))
                        .deleteItem(withKey: key)
                } catch {
                    fail("cannot delete \(key): \(error)")
                }
            }
            do {
                let store = try ItemStore(paths: HomepwnerPaths(dataDirectory: data, stateDirectory: data))
                let integrity = try store.integrityCheck()
                if integrity == "ok" {
                    counts.integrityOK += 1
                } else {
                    notes.append("integrity_check: \(integrity)")
                }
                let actual = try store.allItems().map {
                    Row(key: ItemKey.text($0.key), name: $0.name, value: $0.valueInDollars)
                }
                if pending != nil { counts.inFlight += 1 }
                if pending != nil && actual == withPending && actual != rows {
                    counts.inFlightCommitted += 1
                    rows = withPending
                } else if actual == rows {
                    if pending != nil { counts.inFlightLost += 1 }
                } else {
                    notes.append("the store differs from the acknowledged edits: \(difference(rows, actual))")
                    rows = actual
                }
            } catch {
                notes.append("cannot read the store: \(error)")
            }
            counts.rows = rows.count
            if !notes.isEmpty { failures += 1 }
            if options.verbose || !notes.isEmpty {
                let acknowledged = child.lines.count { $0 == "ok" }
                let verdict = notes.isEmpty ? "ok" : "FAILED: " + notes.joined(separator: "; ")
                let flight = pending == nil ? "" : ", one in flight"
                say(
                    "cycle \(cycle): killed after \(acknowledged) committed edits\(flight); \(rows.count) items; \(verdict)"
                )
            } else if cycle % 100 == 0 {
                say("… \(cycle) cycles, \(failures) failed")
            }
        }
        say(
            "store storm: \(counts.kills) SIGKILLs in \(seconds(ContinuousClock.now - started)); "
                + "integrity_check ok \(counts.integrityOK) times; \(counts.acknowledged) committed edits, "
                + (failures == 0 ? "all present; " : "\(failures) cycles FAILED; ")
                + "\(counts.inFlight) kills with an edit in flight (\(counts.inFlightCommitted) committed, "
                + "\(counts.inFlightLost) not); \(counts.rows) items at the end")
        say(
            "result cycles=\(counts.kills) integrity_ok=\(counts.integrityOK) acknowledged=\(counts.acknowledged) "
                + "inflight=\(counts.inFlight) inflight_committed=\(counts.inFlightCommitted) "
                + "inflight_lost=\(counts.inFlightLost) rows=\(counts.rows) failed=\(failures)")
        exit(failures == 0 ? 0 : 1)
    }

    private func difference(_ expected: [Row], _ actual: [Row]) -> String {
        let missing = expected.filter { row in !actual.contains(row) }
        let extra = actual.filter { row in !expected.contains(row) }
        if missing.isEmpty && extra.isEmpty { return "same rows in another order" }
        return "missing \(missing.prefix(5)), unexpected \(extra.prefix(5))"
    }

    private struct Counts {
        var kills = 0
        var integrityOK = 0
        var acknowledged = 0
        var inFlight = 0
        var inFlightCommitted = 0
        var inFlightLost = 0
        var rows = 0
    }
}
