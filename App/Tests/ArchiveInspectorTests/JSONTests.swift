import ArchiveInspector
import Foundation
import StateRestoration
import TestSupport
import Testing

/// The documented shape (docs/ARCHIVE-JSON.md), as a consumer would declare it.
private struct Document: Decodable {
    struct Metadata: Decodable {
        var appName: String
        var appVersion: String
        var systemVersion: String
        var timestamp: String
        var interfaceIdiom: String
        var formatVersion: Int
    }
    struct Size: Decodable {
        var bytes: Int
        var objects: Int
        var applicationStateKeys: Int
        var strings: Int
    }
    struct Component: Decodable {
        var identifier: String
        var occurrence: Int
    }
    struct Entry: Decodable {
        var key: String
        var value: Value
    }
    struct Object: Decodable {
        var index: Int
        var path: String
        var pathComponents: [Component]
        var parentIndex: Int?
        var type: String
        var restorationClass: String?
        var stateVersion: Int
        var entries: [Entry]
    }
    var schema: Int
    var source: String?
    var metadata: Metadata
    var size: Size
    var applicationState: [Entry]
    var objects: [Object]
}

/// A typed value: `type` says which other members are there.
private struct Value: Decodable {
    var type: String
    var json: String?
    var base64: String?
    var size: Int?
    var path: String?
    var index: Int?
    var secondsSince1970: Double?
}

@Suite("A2: show --json")
@MainActor
struct JSONTests {
    /// A directory of its own for each test, removed with the suite instance when the test ends.
    let scratch = TemporaryDirectory(prefix: "archive-inspector-tests")

    private func runJSON() throws -> (bytes: [UInt8], file: String, output: String) {
        let bytes = try SampleArchives.homepwner()
        let file = try scratch.write(bytes, to: "restoration.archive")
        let run = ToolRun.run(["show", "--json", file])
        #expect(run.status == 0)
        #expect(run.errors == "")
        return (bytes, file, run.output)
    }

    @Test("A2: the JSON decodes into the documented shape and matches the archive")
    func decodes() throws {
        let (bytes, file, output) = try runJSON()
        let archive = try Archive(bytes: bytes)
        let document = try JSONDecoder().decode(Document.self, from: Data(output.utf8))
        #expect(document.schema == 1)
        #expect(document.source == file)
        #expect(document.metadata.appName == "Homepwner")
        #expect(document.metadata.appVersion == "1.0")
        #expect(document.metadata.systemVersion == archive.metadata.systemVersion)
        #expect(document.metadata.timestamp == "2023-11-14T22:13:20Z")
        #expect(document.metadata.interfaceIdiom == "terminal")
        #expect(document.metadata.formatVersion == 1)
        #expect(document.size.bytes == bytes.count)
        #expect(document.size.objects == 4)
        #expect(document.size.applicationStateKeys == 2)
        #expect(document.size.strings == archive.stringCount)
        #expect(
            document.objects.map(\.path) == [
                "UINavigationController", "UINavigationController/ItemsViewController",
                "UINavigationController/ItemsViewController/TableView",
                "UINavigationController/DetailViewController",
            ])
        #expect(document.objects.map(\.index) == [0, 1, 2, 3])
        #expect(document.objects.map(\.parentIndex) == [nil, 0, 1, 0])
        #expect(
            document.objects.map(\.restorationClass) == [
                nil, "ItemsViewController", nil, "DetailViewController",
            ])
        #expect(document.objects.map(\.stateVersion) == [0, 1, 0, 2])
        #expect(
            document.objects[2].pathComponents.map(\.identifier) == [
                "UINavigationController", "ItemsViewController", "TableView",
            ])
        #expect(document.objects[3].type == "ArchiveInspectorTests.SampleDetailViewController")
        #expect(document.applicationState.map(\.key) == ["launchCount", "theme"])
    }

    @Test("A2: every value is typed and loses nothing: Data in full, exact dates, references as paths")
    func typedValues() throws {
        let (_, _, output) = try runJSON()
        let root = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let objects = try #require(root["objects"] as? [[String: Any]])
        let detail = try #require(objects.last?["entries"] as? [[String: Any]])
        var values: [String: [String: Any]] = [:]
        for entry in detail {
            let key = try #require(entry["key"] as? String)
            values[key] = try #require(entry["value"] as? [String: Any])
        }
        #expect(
            values.keys.sorted() == [
                "cursor", "dateCreated", "fieldEdits", "history", "itemKey", "listController", "name",
                "photo",
                "presentedAlert", "serialNumber", "valueInDollars",
            ])
        #expect(values["name"]?["type"] as? String == "string")
        #expect(values["name"]?["value"] as? String == "Laptop")
        #expect(values["serialNumber"]?["value"] as? String == "電腦 \"ThinkPad\"\n")
        #expect(values["valueInDollars"]?["type"] as? String == "int")
        #expect(values["valueInDollars"]?["value"] as? Int == -1200)
        #expect(values["cursor"]?["type"] as? String == "uint")
        #expect(values["cursor"]?["value"] as? Int == 7)
        #expect(values["itemKey"]?["type"] as? String == "uuid")
        #expect(values["itemKey"]?["value"] as? String == "0A1B2C3D-4E5F-4061-8273-94A5B6C7D8E9")
        #expect(values["dateCreated"]?["type"] as? String == "date")
        #expect(values["dateCreated"]?["value"] as? String == "2023-11-14T21:56:40.250Z")
        #expect(values["dateCreated"]?["secondsSince1970"] as? Double == 1_699_999_000.25)
        let photo = try #require(values["photo"])
        #expect(photo["type"] as? String == "data")
        #expect(photo["size"] as? Int == 20)
        let base64 = try #require(photo["base64"] as? String)
        #expect(Data(base64Encoded: base64) == Data((0..<20).map { UInt8($0 * 13 % 256) }))
        let history = try #require(values["history"]?["json"] as? String)
        #expect(
            try JSONDecoder().decode(EditHistory.self, from: Data(history.utf8))
                == EditHistory(field: "name", edits: 2))
        #expect(values["listController"]?["type"] as? String == "reference")
        #expect(values["listController"]?["path"] as? String == "UINavigationController/ItemsViewController")
        #expect(values["listController"]?["index"] as? Int == 1)
        #expect(values["presentedAlert"]?["path"] is NSNull)
        let edits = try #require(values["fieldEdits"]?["value"] as? [String: [String: Any]])
        #expect(edits["name"]?["type"] as? String == "int")
        #expect(edits["name"]?["value"] as? Int == 1)
    }

    @Test("A2: the shape is stable: a snapshot of every value type (the example in docs/ARCHIVE-JSON.md)")
    func snapshot() throws {
        let record = ArchiveRecord(
            parentIndex: nil, path: RestorationPath(identifiers: ["Nav"]), typeName: "App.Nav",
            restorationClassName: "NavRestorer", stateVersion: 2,
            entries: [
                ArchiveEntry(key: "bool", value: .bool(true)),
                ArchiveEntry(key: "int", value: .int(-5)),
                ArchiveEntry(key: "uint", value: .uint(18_446_744_073_709_551_615)),
                ArchiveEntry(key: "double", value: .double(0.25)),
                ArchiveEntry(key: "nan", value: .double(.nan)),
                ArchiveEntry(key: "string", value: .string("名字 \"q\"\n")),
                ArchiveEntry(key: "data", value: .data(Data([1, 2, 3]))),
                ArchiveEntry(key: "date", value: .date(Date(timeIntervalSince1970: 1_700_000_000.5))),
                ArchiveEntry(
                    key: "uuid",
                    value: .uuid(UUID(uuidString: "00000000-0000-0000-0000-000000000001") ?? UUID())),
                ArchiveEntry(key: "array", value: .array([.int(1)])),
                ArchiveEntry(key: "dictionary", value: .dictionary(["b": .bool(false), "a": .string("x")])),
                ArchiveEntry(key: "codable", value: .codable(Data(#"{"x":1}"#.utf8))),
                ArchiveEntry(key: "self", value: .reference(0)),
                ArchiveEntry(key: "none", value: .reference(nil)),
            ])
        let archive = Archive(
            metadata: ArchiveMetadata(
                appName: "App", appVersion: "2.1", systemVersion: "Linux 6.1; StateRestoration 1.0.0",
                timestamp: SampleArchives.savedAt, interfaceIdiom: "terminal"),
            applicationState: [ArchiveEntry(key: "launches", value: .int(3))], records: [record],
            byteCount: 300,
            stringCount: 20)
        let json = ArchiveJSONRenderer.render(archive, source: "restoration.archive")
        #expect(json == Self.example)
        // The docs quote this very text, so they cannot drift from the code.
        let docs = try String(contentsOfFile: Self.documentationPath, encoding: .utf8)
        #expect(docs.contains("```json\n" + Self.example + "```\n"))
    }

    @Test("A2: output grows linearly with nesting: 64 levels of values and of paths")
    func deepNesting() throws {
        let depth = 64
        var value = StateValue.int(1)
        for level in 1..<depth {
            value = level.isMultiple(of: 2) ? .array([value]) : .dictionary(["k": value])
        }
        var records: [ArchiveRecord] = []
        var path = RestorationPath()
        for level in 0..<depth {
            path = path.appending("n")
            records.append(
                ArchiveRecord(
                    parentIndex: level == 0 ? nil : level - 1, path: path, typeName: "T",
                    restorationClassName: nil,
                    stateVersion: 0, entries: [ArchiveEntry(key: "v", value: value)]))
        }
        let archive = Archive(
            metadata: ArchiveMetadata(
                appName: "A", appVersion: "1", systemVersion: "S", timestamp: SampleArchives.savedAt,
                interfaceIdiom: "t"),
            applicationState: [], records: records, byteCount: 0, stringCount: 0)
        let file = try scratch.write(ArchiveBytes.encode(archive), to: "deep.archive")

        let run = ToolRun.run(["show", "--json", file])

        #expect(run.status == 0, "\(run.errors)")
        // The same document without any whitespace: what a linear rendering writes.
        let parsed = try JSONSerialization.jsonObject(with: Data(run.output.utf8))
        let compact = try JSONSerialization.data(withJSONObject: parsed, options: [.withoutEscapingSlashes])
        let objects = try #require((parsed as? [String: Any])?["objects"] as? [[String: Any]])
        #expect(objects.count == depth)
        #expect((objects.last?["pathComponents"] as? [Any])?.count == depth)
        #expect(
            run.output.utf8.count < compact.count * 2, "\(run.output.utf8.count) bytes for \(compact.count)")
        // No line is indented deeper than 16 levels, whatever the nesting.
        let indents = run.output.components(separatedBy: "\n").map { line in line.prefix { $0 == " " }.count }
        #expect(indents.max() ?? 0 <= 32)
    }

    /// `docs/ARCHIVE-JSON.md`, found from this file's place in the repository (`App/Tests/…`).
    static let documentationPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(
            "docs/ARCHIVE-JSON.md"
        ).path

    /// The JSON of the snapshot test's archive, holding every value type.
    static let example = """
        {
          "schema": 1,
          "source": "restoration.archive",
          "metadata": {
            "appName": "App",
            "appVersion": "2.1",
            "systemVersion": "Linux 6.1; StateRestoration 1.0.0",
            "timestamp": "2023-11-14T22:13:20Z",
            "interfaceIdiom": "terminal",
            "formatVersion": 1
          },
          "size": {"bytes": 300, "objects": 1, "applicationStateKeys": 1, "strings": 20},
          "applicationState": [{"key": "launches", "value": {"type": "int", "value": 3}}],
          "objects": [
            {
              "index": 0,
              "path": "Nav",
              "pathComponents": [{"identifier": "Nav", "occurrence": 0}],
              "parentIndex": null,
              "type": "App.Nav",
              "restorationClass": "NavRestorer",
              "stateVersion": 2,
              "entries": [
                {"key": "bool", "value": {"type": "bool", "value": true}},
                {"key": "int", "value": {"type": "int", "value": -5}},
                {"key": "uint", "value": {"type": "uint", "value": 18446744073709551615}},
                {"key": "double", "value": {"type": "double", "value": 0.25}},
                {"key": "nan", "value": {"type": "double", "value": "nan"}},
                {"key": "string", "value": {"type": "string", "value": "名字 \\"q\\"\\n"}},
                {"key": "data", "value": {"type": "data", "size": 3, "base64": "AQID"}},
                {
                  "key": "date",
                  "value": {
                    "type": "date",
                    "value": "2023-11-14T22:13:20.500Z",
                    "secondsSince1970": 1700000000.5
                  }
                },
                {"key": "uuid", "value": {"type": "uuid", "value": "00000000-0000-0000-0000-000000000001"}},
                {"key": "array", "value": {"type": "array", "value": [{"type": "int", "value": 1}]}},
                {
                  "key": "dictionary",
                  "value": {
                    "type": "dictionary",
                    "value": {"a": {"type": "string", "value": "x"}, "b": {"type": "bool", "value": false}}
                  }
                },
                {"key": "codable", "value": {"type": "codable", "json": "{\\"x\\":1}"}},
                {"key": "self", "value": {"type": "reference", "path": "Nav", "index": 0}},
                {"key": "none", "value": {"type": "reference", "path": null, "index": null}}
              ]
            }
          ]
        }

        """
}
