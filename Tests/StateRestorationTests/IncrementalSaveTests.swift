import Foundation
import RestorationTesting
import TestSupport
import Testing

@testable import StateRestoration

/// An object of the incremental saves' tests: a value, an optional reference to another
/// object of the tree, children (positional or not), and a count of its encodes.
@MainActor
final class ChangingObject: RestorableObject {
    var restorationIdentifier: String?
    var value: Int
    var peer: ChangingObject?
    var children: [ChangingObject] = []
    var positional = false
    var encodes = 0
    weak var engine: RestorationEngine?
    @Restorable("flag") var flag = false

    init(_ identifier: String, value: Int = 0) {
        restorationIdentifier = identifier
        self.value = value
    }

    var restorationChildren: [any RestorableObject] { children }
    var restorationChildrenArePositional: Bool { positional }
    var restorationEngine: RestorationEngine? { engine }

    func encodeRestorableState(with coder: StateEncoder) throws {
        encodes += 1
        try coder.encode(value, forKey: "value")
        try coder.encodeObject(peer, forKey: "peer")
        try coder.encodeObjects(children, forKey: "children")
    }

    /// Every object of the subtree, preorder.
    var subtree: [ChangingObject] { [self] + children.flatMap(\.subtree) }
}

/// The app delegate of these tests: saves always, and keeps the application state's
/// value.
@MainActor
final class ChangingApp: RestorationDelegate {
    let root: ChangingObject
    var note = 0
    let scheduler = ManualScheduler()

    init(root: ChangingObject) {
        self.root = root
    }

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }
    func willEncodeRestorableState(_ coder: StateEncoder) throws {
        try coder.encode(note, forKey: "note")
    }

    /// An engine on in-memory storage with continuous preservation, every object of the
    /// tree telling it; its first save, a full one, is made.
    func engine(storage: InMemoryStorage, checks: Bool) -> RestorationEngine {
        var configuration = RestorationConfiguration(
            appName: "Changing", appVersion: "1", continuousPreservationDelay: .milliseconds(100),
            debugOutput: .off, now: { Date(timeIntervalSince1970: 0) })
        configuration.checksIncrementalSaves = checks
        let engine = RestorationEngine(
            configuration: configuration, registry: RestorationRegistry(), storage: storage,
            scheduler: scheduler, delegate: self, roots: { [root] in [root] })
        for object in root.subtree { object.engine = engine }
        engine.stateDidChange()
        save(engine)
        return engine
    }

    /// Lets the continuous save's debounce fire, and waits for its write.
    func save(_ engine: RestorationEngine) {
        scheduler.advance(by: .seconds(2))
        engine.waitForPendingWrites()
    }
}

@Suite("P1: saves that cost what changed")
@MainActor
struct IncrementalSaveTests {
    /// The records and application state of an archive: what a restore reads, without the
    /// metadata (its timestamp) and the string table's order.
    func content(_ bytes: [UInt8]) throws -> ([ArchiveEntry], [ArchiveRecord]) {
        let archive = try Archive(fileBytes: bytes)
        return (archive.applicationState, archive.records)
    }

    /// An app on a random tree of `count` objects from `seed`, its engine (first save made)
    /// and storage, and every object in preorder.
    func launch(seed: UInt64, count: Int, checks: Bool = false) -> (
        app: ChangingApp, engine: RestorationEngine, storage: InMemoryStorage, all: [ChangingObject]
    ) {
        var random = SplitMix64(seed: seed)
        let app = ChangingApp(root: tree(&random, count: count))
        let storage = InMemoryStorage()
        let engine = app.engine(storage: storage, checks: checks)
        return (app, engine, storage, app.root.subtree)
    }

    /// The `value` entry of the record at `index` of the archive in `storage`.
    func value(at index: Int, in storage: InMemoryStorage) throws -> StateValue? {
        let records = try Archive(fileBytes: try #require(storage[.archive])).records
        return records[index].entries.first { $0.key == "value" }?.value
    }

    /// A random tree of about `count` objects, seeded; the root's children are positional.
    func tree(_ random: inout SplitMix64, count: Int) -> ChangingObject {
        let root = ChangingObject("Root")
        root.positional = true
        var all = [root]
        for index in 1..<count {
            let parent = all[Int.random(in: 0..<all.count, using: &random)]
            let identifier = parent.positional ? "Screen" : "Child\(index)"
            let child = ChangingObject(identifier, value: Int.random(in: 0..<1000, using: &random))
            parent.children.append(child)
            all.append(child)
        }
        for object in all where Bool.random(using: &random) {
            object.peer = all.randomElement(using: &random)
        }
        return root
    }

    @Test("P1: incremental saves hold what a full save holds, over 40 random sequences of changes")
    func randomSequences() throws {
        var incremental = 0
        for seed in UInt64(1)...40 {
            var random = SplitMix64(seed: seed)
            let app = ChangingApp(root: tree(&random, count: 40))
            let storage = InMemoryStorage()
            let engine = app.engine(storage: storage, checks: false)
            var serial = 0
            for step in 0..<30 {
                let all = app.root.subtree
                let object = all.randomElement(using: &random)!
                switch Int.random(in: 0..<7, using: &random) {
                case 0, 1:
                    object.value += 1
                case 2:
                    serial += 1
                    let child = ChangingObject(object.positional ? "Screen" : "New\(serial)", value: serial)
                    child.children = [ChangingObject("Leaf", value: step)]
                    for added in child.subtree { added.engine = engine }
                    object.children.insert(
                        child, at: Int.random(in: 0...object.children.count, using: &random))
                case 3 where !object.children.isEmpty:
                    object.children.remove(at: Int.random(in: 0..<object.children.count, using: &random))
                case 4:
                    object.children.shuffle(using: &random)
                case 5:
                    object.peer = all.randomElement(using: &random)
                default:
                    object.flag.toggle()
                }
                // Every change says so: the changed object, or the container whose children changed.
                if Bool.random(using: &random) {
                    engine.stateDidChange(of: object)
                } else {
                    object.invalidateRestorableState()
                }
                if step % 7 == 0 { app.note += 1 }
                app.save(engine)
                let saved = try content(try #require(storage[.archive]))
                let full = try content(try #require(engine.encodeState()?.bytes))
                #expect(saved.0 == full.0, "seed \(seed), step \(step): application state")
                #expect(saved.1 == full.1, "seed \(seed), step \(step): records")
            }
            incremental += engine.saveCounts.incremental
        }
        // Most of them were incremental (a change the cache does not patch is a full save).
        #expect(incremental > 40 * 30 / 2)
    }

    @Test("P1: children added, removed and reordered under a container that said so are saved incrementally")
    func structureChanges() throws {
        let (app, engine, storage, all) = launch(seed: 11, count: 60)
        let container = all.first { $0.children.count >= 2 && !$0.positional } ?? all[1]
        let steps: [(String, () -> Void)] = [
            ("added", { container.children.append(ChangingObject("Added", value: 5)) }),
            ("reordered", { container.children.reverse() }),
            ("removed", { container.children.removeFirst() }),
            (
                "pushed on the positional root",
                { app.root.children.append(ChangingObject("Screen", value: 6)) }
            ),
            ("popped", { app.root.children.removeLast() }),
        ]
        for (name, change) in steps {
            let before = engine.saveCounts
            change()
            for object in app.root.subtree { object.engine = engine }
            container.invalidateRestorableState()
            app.root.invalidateRestorableState()
            app.save(engine)
            #expect(engine.saveCounts.incremental == before.incremental + 1, "\(name)")
            #expect(engine.saveCounts.full == before.full, "\(name)")
            let saved = try content(try #require(storage[.archive]))
            let full = try content(try #require(engine.encodeState()?.bytes))
            #expect(saved.0 == full.0 && saved.1 == full.1, "\(name)")
        }
    }

    @Test("P1: after one object said it changed, only its state is encoded again")
    func oneChangeEncodesOne() throws {
        let (app, engine, storage, all) = launch(seed: 7, count: 200, checks: false)
        for object in all { object.encodes = 0 }
        all[100].value = -5
        all[100].invalidateRestorableState()
        app.save(engine)
        // (An object with restorable properties encodes twice: once into a probe that checks
        // its keys, R25.)
        #expect(all.indices.filter { all[$0].encodes > 0 } == [100])
        // The report says so, to an app that cannot count its encodes.
        let report = try #require(engine.lastPreservationReport)
        #expect(report.encodedRecordCount == 1)
        #expect(report.encodedPaths == [report.savedPaths[100]])
        #expect(report.savedPaths.count == all.count)
        let record = try Archive(fileBytes: try #require(storage[.archive])).records[100]
        #expect(record.entries.first { $0.key == "value" }?.value == .int(-5))
        // A restorable property set says so itself (R25).
        all[50].flag = true
        app.save(engine)
        #expect(all.indices.filter { all[$0].encodes > 0 } == [50, 100])
        let records = try Archive(fileBytes: try #require(storage[.archive])).records
        #expect(records[50].entries.first { $0.key == "flag" }?.value == .bool(true))
        #expect(engine.saveCounts == (incremental: 2, full: 1))
    }

    @Test("P1: a change not said is named by the check against a full pass, and that save is a full one")
    func unsaidChangeIsCaught() throws {
        let (app, engine, storage, all) = launch(seed: 3, count: 30, checks: true)
        all[10].value = 4242  // says nothing
        all[20].invalidateRestorableState()
        app.save(engine)
        let path = engine.lastPreservationReport?.savedPaths[10].description ?? "?"
        let warning = engine.diagnostics.last { $0.kind == .warning }
        #expect(warning?.reason.contains("state changed without saying so at \(path)") == true)
        #expect(warning?.isUnsaidChange == true)
        #expect(engine.diagnostics.filter(\.isUnsaidChange).count == 1)
        // The save that caught it was a full one, and its report says so.
        #expect(engine.lastPreservationReport?.encodedRecordCount == all.count)
        #expect(try value(at: 10, in: storage) == .int(4242))
        // A child added without its container saying so is caught too.
        all[5].children.append(ChangingObject("Unsaid"))
        all[20].invalidateRestorableState()
        app.save(engine)
        #expect(engine.diagnostics.last { $0.kind == .warning }?.reason.contains("Unsaid") == true)
        #expect(try Archive(fileBytes: try #require(storage[.archive])).records.count == all.count + 1)
    }

    @Test(
        "P1: without the check, a change not said waits for the next full save: any preserve(reason:), background and termination among them",
        arguments: [PreservationReason.background, .termination, .requested])
    func unsaidChangeWaitsForFullSave(reason: PreservationReason) throws {
        let (app, engine, storage, all) = launch(seed: 4, count: 30, checks: false)
        all[10].value = 4242
        all[20].invalidateRestorableState()
        app.save(engine)
        #expect(try value(at: 10, in: storage) != .int(4242))
        try engine.preserve(reason: reason)
        #expect(try value(at: 10, in: storage) == .int(4242))
    }

    @Test("P1, R26: an object that said it changed but encodes the same bytes writes nothing")
    func sameBytesWriteNothing() throws {
        let (app, engine, storage, all) = launch(seed: 9, count: 50, checks: false)
        all[7].value = 77
        all[7].invalidateRestorableState()
        app.save(engine)
        let writes = storage.writeCount
        all[7].invalidateRestorableState()
        app.save(engine)
        #expect(storage.writeCount == writes)
        // The file reads back whole: checksum and every check.
        let archive = try Archive(fileBytes: try #require(storage[.archive]))
        #expect(archive.records.count == all.count)
        #expect(archive.records[7].entries.first { $0.key == "value" }?.value == .int(77))
        #expect(engine.saveCounts == (incremental: 2, full: 1))
    }
}
