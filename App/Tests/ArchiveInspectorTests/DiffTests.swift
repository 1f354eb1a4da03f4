import ArchiveInspector
import Foundation
import StateRestoration
import TestSupport
import Testing

@Suite("A4: diff")
@MainActor
struct DiffTests {
    /// A directory of its own for each test, removed with the suite instance when the test ends.
    let scratch = TemporaryDirectory(prefix: "archive-inspector-tests")

    @Test("A4: two saves that differ in one key of one object: that key, old → new, and exit 1")
    func oneKey() throws {
        let old = try scratch.write(try SampleArchives.homepwner(name: "Laptop"), to: "old.archive")
        let later = SampleArchives.savedAt.addingTimeInterval(90)
        let new = try scratch.write(
            try SampleArchives.homepwner(name: "Laptop Pro", at: later), to: "new.archive")

        let run = ToolRun.run(["diff", old, new])

        #expect(run.status == 1)
        #expect(run.errors == "")
        #expect(
            run.output
                == SampleArchives.laptopRenamedDiff(old: old, new: new, newSaved: "2023-11-14T22:14:50Z"))
    }

    @Test("A4: two saves of the same state at different times are the same: exit 0")
    func same() throws {
        let old = try scratch.write(try SampleArchives.homepwner(), to: "old.archive")
        let new = try scratch.write(
            try SampleArchives.homepwner(at: SampleArchives.savedAt.addingTimeInterval(3600)),
            to: "new.archive")
        let run = ToolRun.run(["diff", old, new])
        #expect(run.status == 0)
        #expect(
            run.output
                == "no differences in saved state (4 objects, the application state and the activity are the same)\n"
        )
    }

    @Test("A4: objects added and removed, app-level keys changed; references compare by path")
    func addedAndRemoved() throws {
        let withDetail = SampleApp(showsDetail: true)
        let listOnly = SampleApp(showsDetail: false)
        listOnly.launchCount = 4
        listOnly.navigation.items.tableView.scrollOffset = 40
        let old = try Archive(bytes: try SampleArchives.save(withDetail))
        let new = try Archive(bytes: try SampleArchives.save(listOnly))

        let diff = ArchiveDiff(old: old, new: new)

        #expect(diff.added.isEmpty)
        #expect(diff.removed.map(\.path) == ["UINavigationController/DetailViewController"])
        #expect(
            diff.changed.map(\.path) == [
                "UINavigationController", "UINavigationController/ItemsViewController/TableView",
            ])
        #expect(
            ArchiveDiffRenderer().render(diff, oldSource: "a", newSource: "b") == """
                --- a (Homepwner 1.0, saved 2023-11-14T22:13:20Z)
                +++ b (Homepwner 1.0, saved 2023-11-14T22:13:20Z)

                application state
                  ~ launchCount: Int = 3 → 4

                objects
                  - UINavigationController/DetailViewController  ArchiveInspectorTests.SampleDetailViewController (11 keys)
                  ~ UINavigationController  ArchiveInspectorTests.SampleNavigationController
                      ~ viewControllers: [Reference] = [→ UINavigationController/ItemsViewController, → UINavigationController/DetailViewController] → [→ UINavigationController/ItemsViewController]
                  ~ UINavigationController/ItemsViewController/TableView  ArchiveInspectorTests.SampleTableView
                      ~ scrollOffset: Double = 12.5 → 40.0

                1 object removed, 2 objects changed, 1 application-state key changed

                """)
        // The other way round, the detail screen is added.
        let reverse = ArchiveDiff(old: new, new: old)
        #expect(reverse.added.map(\.path) == ["UINavigationController/DetailViewController"])
        #expect(reverse.removed.isEmpty)
    }

    @Test("A4: a reference to the same path is unchanged even when record indexes move")
    func referencesByPath() {
        let archive = SampleArchives.archive(of:)
        func record(_ parent: Int?, _ identifiers: [String], _ entries: [ArchiveEntry] = []) -> ArchiveRecord
        {
            ArchiveRecord(
                parentIndex: parent, path: RestorationPath(identifiers: identifiers), typeName: "T",
                restorationClassName: nil, stateVersion: 0, entries: entries)
        }
        let pointer = ArchiveEntry(key: "target", value: .reference(1))
        let old = archive([record(nil, ["Root"], [pointer]), record(0, ["Root", "B"])])
        let moved = ArchiveEntry(key: "target", value: .reference(2))
        let new = archive([
            record(nil, ["Root"], [moved]), record(0, ["Root", "A"]), record(0, ["Root", "B"]),
        ])

        let diff = ArchiveDiff(old: old, new: new)

        #expect(diff.changed.isEmpty, "Root still points at Root/B")
        #expect(diff.added.map(\.path) == ["Root/A"])
    }

    @Test("A4: type, restoration class and state version changes are listed")
    func recordFields() throws {
        func archive(type: String, restorationClass: String?, version: Int, value: StateValue) -> Archive {
            Archive(
                metadata: ArchiveMetadata(
                    appName: "A", appVersion: "1", systemVersion: "S", timestamp: SampleArchives.savedAt,
                    interfaceIdiom: "t"),
                applicationState: [],
                records: [
                    ArchiveRecord(
                        parentIndex: nil, path: RestorationPath(identifiers: ["Root"]), typeName: type,
                        restorationClassName: restorationClass, stateVersion: version,
                        entries: [ArchiveEntry(key: "count", value: value)])
                ], byteCount: 0, stringCount: 0)
        }
        let diff = ArchiveDiff(
            old: archive(type: "App.Old", restorationClass: nil, version: 1, value: .int(3)),
            new: archive(type: "App.New", restorationClass: "Restorer", version: 2, value: .string("3")))
        let text = ArchiveDiffRenderer().render(diff, oldSource: "a", newSource: "b")
        let objects = try #require(text.components(separatedBy: "objects\n").last)
        #expect(
            objects == """
                  ~ Root  App.New
                      type: App.Old → App.New
                      restoration class: none → Restorer
                      state version: 1 → 2
                      ~ count: Int = 3 → String = "3"

                1 object changed

                """)
        #expect(diff.changed.first?.keys.first?.oldDescription == "Int = 3")
        #expect(diff.changed.first?.keys.first?.newDescription == "String = \"3\"")
    }

    @Test("A4: diff of an invalid archive exits 65 and names the file")
    func invalidInput() throws {
        let good = try scratch.write(try SampleArchives.homepwner(), to: "good.archive")
        let bad = try scratch.write(Array("not an archive".utf8), to: "bad.archive")
        let run = ToolRun.run(["diff", good, bad])
        #expect(run.status == 65)
        #expect(run.output == "")
        #expect(run.errors == "error: \(bad): not a restoration archive (bad magic at offset 0)\n")
        #expect(ToolRun.run(["diff", good, scratch.path + "/missing"]).status == 66)
    }

    @Test("A4: objects match by path components: 'A/B' at the top is not 'B' under 'A'")
    func pathComponents() throws {
        func record(_ parent: Int?, _ path: [RestorationPath.Component]) -> ArchiveRecord {
            ArchiveRecord(
                parentIndex: parent, path: RestorationPath(path), typeName: "T", restorationClassName: nil,
                stateVersion: 0, entries: [])
        }
        let archive = SampleArchives.archive(of:)
        let nav = RestorationPath.Component("Nav")
        let old = archive([
            record(nil, [.init("A/B")]), record(nil, [nav]), record(1, [nav, .init("Detail#2")]),
            record(1, [nav, .init("C\\")]),
        ])
        let new = archive([
            record(nil, [.init("A")]), record(0, [.init("A"), .init("B")]), record(nil, [nav]),
            record(2, [nav, .init("Detail", occurrence: 1)]), record(2, [nav, .init("C\\")]),
        ])
        let oldFile = try scratch.write(ArchiveBytes.encode(old), to: "old.archive")
        let newFile = try scratch.write(ArchiveBytes.encode(new), to: "new.archive")

        let run = ToolRun.run(["diff", oldFile, newFile])

        #expect(run.status == 1)
        let objects = try #require(run.output.components(separatedBy: "objects\n").last)
        #expect(
            objects == ##"""
                  + A  T (0 keys)
                  + A/B  T (0 keys)
                  + Nav/Detail#2  T (0 keys)
                  - A\/B  T (0 keys)
                  - Nav/Detail\#2  T (0 keys)

                3 objects added, 2 objects removed

                """##)
        let show = ToolRun.run(["show", oldFile]).output
        #expect(show.contains("\nA\\/B  T\n"))
        #expect(show.contains("── Nav/C\\\\  T\n"))
    }
}

/// `diff` compares the activity too (rule S5): two saves of one screen whose activity
/// changed are different saves.
@Suite("S5: diff and the activity")
@MainActor
struct DiffActivityTests {
    /// A directory of its own for each test, removed with the suite instance when the test ends.
    let scratch = TemporaryDirectory(prefix: "archive-inspector-tests")

    @Test(
        "S5: the same archive with another activity after it differs (exit 1), and the diff shows both activities"
    )
    func activityChanged() throws {
        let bytes = try SampleArchives.homepwner(name: "Laptop")
        let viewing = RestorationActivity(type: "homepwner.viewItem", title: "Viewing Laptop")
        let editing = RestorationActivity(type: "homepwner.editItem", title: "Editing Laptop")
        let old = try scratch.write(bytes + ActivityFooter.encode(viewing), to: "old.archive")
        let new = try scratch.write(bytes + ActivityFooter.encode(editing), to: "new.archive")
        let run = ToolRun.run(["diff", old, new])
        #expect(run.status == 1, "\(run.errors)")
        #expect(run.output.contains("activity\n  - homepwner.viewItem"), "\(run.output)")
        #expect(run.output.contains("  + homepwner.editItem"), "\(run.output)")
        #expect(run.output.hasSuffix("the activity changed\n"), "\(run.output)")
        let same = ToolRun.run(["diff", old, old])
        #expect(same.status == 0)
        let bare = try scratch.write(bytes, to: "bare.archive")
        #expect(ToolRun.run(["diff", bare, old]).status == 1, "an activity added is a difference")
    }
}
