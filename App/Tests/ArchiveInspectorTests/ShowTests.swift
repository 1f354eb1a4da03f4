import ArchiveInspector
import Foundation
import StateRestoration
import TestSupport
import Testing

@Suite("A1: show")
@MainActor
struct ShowTests {
    /// A directory of its own for each test, removed with the suite instance when the test ends.
    let scratch = TemporaryDirectory(prefix: "archive-inspector-tests")

    @Test("A1: show prints the metadata and the tree of saved objects, with every key and its typed value")
    func snapshot() throws {
        let bytes = try SampleArchives.homepwner()
        let archive = try Archive(bytes: bytes)
        let file = try scratch.write(bytes, to: "restoration.archive")

        let run = ToolRun.run(["show", file])

        #expect(run.status == 0)
        #expect(run.errors == "")
        // The system version and the sizes depend on the machine's OS version string.
        let system = archive.metadata.systemVersion
        #expect(system.hasPrefix("Linux") && system.hasSuffix("; StateRestoration 1.0.0"))
        #expect(
            run.output == """
                restoration archive: \(file)
                  app              Homepwner 1.0
                  saved            2023-11-14T22:13:20Z
                  system           \(system)
                  interface idiom  terminal
                  format version   1
                  size             \(bytes.count) bytes, 4 objects, 2 application-state keys, \(archive.stringCount) strings

                application state (2 keys)
                  launchCount: Int = 3
                  theme: String = "dark"

                objects (4)
                UINavigationController  ArchiveInspectorTests.SampleNavigationController
                │   no restoration class, state version 0
                │   viewControllers: [Reference] = [→ UINavigationController/ItemsViewController, → UINavigationController/DetailViewController]
                ├── UINavigationController/ItemsViewController  ArchiveInspectorTests.SampleItemsViewController
                │   │   restoration class ItemsViewController, state version 1
                │   │   isEditing: Bool = false
                │   └── UINavigationController/ItemsViewController/TableView  ArchiveInspectorTests.SampleTableView
                │           no restoration class, state version 0
                │           selectedItemKey: UUID = 6f1c3a52-0b5e-4d43-9c1e-2a7b8d9e0f11
                │           scrollOffset: Double = 12.5
                │           rowOrder: [Int] = [3, 1, 2]
                └── UINavigationController/DetailViewController  ArchiveInspectorTests.SampleDetailViewController
                        restoration class DetailViewController, state version 2
                        itemKey: UUID = 0a1b2c3d-4e5f-4061-8273-94a5b6c7d8e9
                        name: String = "Laptop"
                        serialNumber: String = "電腦 \\"ThinkPad\\"\\n"
                        valueInDollars: Int = -1200
                        cursor: UInt = 7
                        dateCreated: Date = 2023-11-14T21:56:40.250Z
                        photo: Data = 20 bytes: 00 0d 1a 27 34 41 4e 5b 68 75 82 8f 9c a9 b6 c3 …
                        fieldEdits: [String: Int] = ["name": 1, "serial": 0]
                        history: Codable = {"edits":2,"field":"name"}
                        listController: Reference = → UINavigationController/ItemsViewController
                        presentedAlert: Reference = nil

                """)
    }

    @Test("A1: a UUID reads as Homepwner writes item keys, in lower case")
    func uuidCase() throws {
        let key = try #require(UUID(uuidString: "BB8A10E6-1D9A-4A20-A807-9143199AF7F3"))
        let archive = Archive(
            metadata: ArchiveMetadata(
                appName: "A", appVersion: "1", systemVersion: "S", timestamp: SampleArchives.savedAt,
                interfaceIdiom: "t"),
            applicationState: [
                ArchiveEntry(key: "selection", value: .string(key.uuidString.lowercased())),
                ArchiveEntry(key: "item.itemKey", value: .uuid(key)),
            ], records: [], byteCount: 1, stringCount: 1)
        let text = ArchiveTextRenderer().render(archive, source: "x")
        #expect(text.contains("\n  selection: String = \"bb8a10e6-1d9a-4a20-a807-9143199af7f3\"\n"))
        #expect(text.contains("\n  item.itemKey: UUID = bb8a10e6-1d9a-4a20-a807-9143199af7f3\n"))
    }

    @Test("A1: the library renders the same text the tool prints")
    func libraryMatchesTool() throws {
        let bytes = try SampleArchives.homepwner()
        let file = try scratch.write(bytes, to: "a.archive")
        let rendered = ArchiveTextRenderer().render(try Archive(bytes: bytes), source: file)
        #expect(ToolRun.run(["show", file]).output == rendered)
    }

    @Test("A1: an archive with no objects and no app state says so")
    func empty() throws {
        let archive = Archive(
            metadata: ArchiveMetadata(
                appName: "", appVersion: "", systemVersion: "", timestamp: SampleArchives.savedAt,
                interfaceIdiom: ""),
            applicationState: [], records: [], byteCount: 40, stringCount: 0)
        #expect(
            ArchiveTextRenderer().render(archive, source: "x") == """
                restoration archive: x
                  app              (not recorded)
                  saved            2023-11-14T22:13:20Z
                  system           (not recorded)
                  interface idiom  (not recorded)
                  format version   1
                  size             40 bytes, 0 objects, 0 application-state keys, 0 strings

                application state (0 keys)
                  (no keys)

                objects (0)
                (none saved)

                """)
    }

    @Test("A1: two top-level objects, repeated identifiers in a stack, and a key written twice")
    func shapes() throws {
        func record(_ parent: Int?, _ path: [RestorationPath.Component], _ entries: [ArchiveEntry] = [])
            -> ArchiveRecord
        {
            ArchiveRecord(
                parentIndex: parent, path: RestorationPath(path), typeName: "T", restorationClassName: nil,
                stateVersion: 0, entries: entries)
        }
        let nav = RestorationPath.Component("Nav")
        let archive = Archive(
            metadata: ArchiveMetadata(
                appName: "A", appVersion: "1", systemVersion: "S", timestamp: SampleArchives.savedAt,
                interfaceIdiom: "t"),
            applicationState: [],
            records: [
                record(nil, [nav]),
                record(0, [nav, .init("Detail")]),
                record(
                    0, [nav, .init("Detail", occurrence: 1)],
                    [
                        ArchiveEntry(key: "k", value: .int(1)), ArchiveEntry(key: "k", value: .int(2)),
                    ]),
                record(nil, [.init("Settings")]),
            ],
            byteCount: 1, stringCount: 1)
        let text = ArchiveTextRenderer().render(archive, source: "x")
        let objects = try #require(text.components(separatedBy: "objects (4)\n").last)
        #expect(
            objects == """
                Nav  T
                │   no restoration class, state version 0
                │   (no keys)
                ├── Nav/Detail  T
                │       no restoration class, state version 0
                │       (no keys)
                └── Nav/Detail#2  T
                        no restoration class, state version 0
                        k: Int = 1  (overwritten by a later value)
                        k: Int = 2

                Settings  T
                    no restoration class, state version 0
                    (no keys)

                """)
    }

    @Test(
        "A1: colour only on a terminal, never under NO_COLOR or --color=never",
        arguments: [
            (["show"], [String: String](), true, true),
            (["show"], [:], false, false),
            (["show"], ["TERM": "dumb"], true, false),
            (["show"], ["NO_COLOR": "1"], true, false),
            (["show", "--color=never"], [:], true, false),
            (["show", "--color", "always"], [:], false, true),
            (["show", "--color=always"], ["NO_COLOR": "1"], true, false),
            (["show"], ["NO_COLOR": ""], true, true),
        ])
    func colour(arguments: [String], environment: [String: String], terminal: Bool, coloured: Bool) throws {
        let file = try scratch.write(try SampleArchives.homepwner(), to: "a.archive")
        let run = ToolRun.run(arguments + [file], environment: environment, terminal: terminal)
        #expect(run.status == 0)
        #expect(run.output.contains("\u{1B}[") == coloured)
        #expect(run.output.contains("UINavigationController/DetailViewController"))
    }

    @Test("A1: coloured text is the plain text plus escape codes, nothing else")
    func colourAddsOnlyEscapes() throws {
        let archive = try Archive(bytes: try SampleArchives.homepwner())
        let coloured = ArchiveTextRenderer(color: true).render(archive, source: "x")
        let stripped = coloured.replacing(/\x{1B}\[[0-9;]*m/, with: "")
        #expect(stripped == ArchiveTextRenderer().render(archive, source: "x"))
    }
}
