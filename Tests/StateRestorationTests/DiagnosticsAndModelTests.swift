import Foundation
import RestorationTesting
import Testing

@testable import StateRestoration

/// A list-like view whose data source may adopt ``ModelAssociation`` (R16).
@MainActor
final class ListView: RestorableObject {
    let restorationIdentifier: String?
    weak var dataSource: ItemSource?
    var selectedRow: Int?
    var scrollOffset = 0

    init(_ identifier: String, dataSource: ItemSource) {
        restorationIdentifier = identifier
        self.dataSource = dataSource
    }

    func encodeRestorableState(with coder: StateEncoder) throws {
        if let association = dataSource as? any ModelAssociation, let row = selectedRow,
            let identifier = association.modelIdentifier(
                forElementAt: ElementIndexPath(row: row, section: 0), in: self)
        {
            try coder.encode(identifier, forKey: "selectedModel")
        } else {
            try coder.encode(scrollOffset, forKey: "scrollOffset")
        }
    }

    func decodeRestorableState(with coder: StateDecoder) throws {
        if let identifier = try coder.decodeIfPresent(String.self, forKey: "selectedModel"),
            let association = dataSource as? any ModelAssociation
        {
            selectedRow = association.indexPathForElement(withModelIdentifier: identifier, in: self)?.row
        }
        scrollOffset = try coder.decodeIfPresent(Int.self, forKey: "scrollOffset") ?? 0
    }
}

@MainActor
class ItemSource {
    var items: [String]
    init(_ items: [String]) { self.items = items }
}

@MainActor
final class AssociatedSource: ItemSource, ModelAssociation {
    func modelIdentifier(forElementAt indexPath: ElementIndexPath, in view: AnyObject) -> String? {
        items.indices.contains(indexPath.row) ? items[indexPath.row] : nil
    }

    func indexPathForElement(withModelIdentifier identifier: String, in view: AnyObject) -> ElementIndexPath?
    {
        items.firstIndex(of: identifier).map { ElementIndexPath(row: $0, section: 0) }
    }
}

@Suite("R16, R21: model association and diagnostics")
@MainActor
struct DiagnosticsAndModelTests {
    @Test("R16: with a model association, the selection follows the item when rows move")
    func modelAssociation() throws {
        let harness = RestorationHarness.standard()
        let app = TestApp()
        let source = AssociatedSource(["apple", "pear", "plum"])
        let list = ListView("Table", dataSource: source)
        list.selectedRow = 2
        let root = Node("List")
        root.views = [list]
        app.root = root
        try harness.launch(app).save()

        let reordered = AssociatedSource(["plum", "apple", "pear"])
        let restoredList = ListView("Table", dataSource: reordered)
        let next = TestApp()
        next.buildInWillFinish = { app in
            let node = Node("List")
            node.views = [restoredList]
            app.root = node
        }
        harness.launch(next).kill()
        #expect(restoredList.selectedRow == 0)
        _ = source
    }

    @Test("R16: without a model association, only the scroll offset is saved")
    func scrollOffsetOnly() throws {
        let harness = RestorationHarness.standard()
        let app = TestApp()
        let source = ItemSource(["a", "b"])
        let list = ListView("Table", dataSource: source)
        list.selectedRow = 1
        list.scrollOffset = 7
        let root = Node("List")
        root.views = [list]
        app.root = root
        try harness.launch(app).save()
        let archive = try Archive(bytes: try #require(harness.storage[.archive]))
        #expect(archive.records[1].entries == [ArchiveEntry(key: "scrollOffset", value: .int(7))])
    }

    @Test("R21: diagnostics are available as API, one readable sentence each")
    func diagnosticsAPI() throws {
        let harness = RestorationHarness.standard()
        let app = TestApp()
        app.root = Node("Nav", children: [Node(nil, children: [Node("Detail")])])
        app.root?.encodesStructure = false
        let launch = harness.launch(app)
        try launch.save()
        #expect(
            launch.engine.diagnostics.map(\.description) == [
                "not saved: Nav/<Node>: it has no restoration identifier, so its subtree is not saved either",
                "not saved: Nav/<Node>/Detail: ancestor '<Node>' has no restoration identifier",
            ])
        #expect(launch.engine.diagnostics.allSatisfy { $0.kind == .notSaved })
    }

    @Test("R21: RESTORATION_DEBUG=1 writes diagnostics to a log file or standard error")
    func debugOutput() throws {
        #expect(RestorationConfiguration.DebugOutput.fromEnvironment([:]) == .off)
        #expect(
            RestorationConfiguration.DebugOutput.fromEnvironment(["RESTORATION_DEBUG": "1"]) == .standardError
        )
        // The log's directory does not exist yet: the engine makes it.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sr-log-\(UUID().uuidString)")
        let log = directory.appendingPathComponent("restoration.log").path
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(
            RestorationConfiguration.DebugOutput.fromEnvironment([
                "RESTORATION_DEBUG": "1", "RESTORATION_DEBUG_LOG": log,
            ])
                == .file(log))

        let harness = RestorationHarness.standard()
        harness.configuration.debugOutput = .file(log)
        let app = TestApp()
        app.root = Node("Nav", children: [Node(nil)])
        app.root?.encodesStructure = false
        try harness.launch(app).save()
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(
            text
                == "restoration: not saved: Nav/<Node>: it has no restoration identifier, so its subtree is not saved either\n"
        )
    }
}
