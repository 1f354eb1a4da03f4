import ArchiveInspector
import Foundation
import StateRestoration
import TestSupport
import Testing

/// Crafted archives whose every string holds terminal escape sequences: the title-setting
/// OSC 0, a screen clear, an OSC 52 clipboard write, a C1 CSI, DEL and bidirectional
/// overrides and isolates. The engine's reader accepts them (the checksum is valid), so
/// the inspector must show them escaped, never send them to the terminal.
@Suite("A1, A3, A4: text from an archive never reaches the terminal raw")
@MainActor
struct EscapeTests {
    /// A directory of its own for each test, removed with the suite instance when the test ends.
    let scratch = TemporaryDirectory(prefix: "archive-inspector-tests")

    static let title = "\u{1B}]0;pwned\u{07}"
    static let clear = "\u{1B}[2J"
    static let clipboard = "\u{1B}]52;c;cm0gLXJmIH4=\u{07}"
    static let override = "\u{202E}"
    static let csi = "\u{9B}"

    /// Every string of the archive poisoned: metadata, identifiers, type and class names,
    /// keys, string values, dictionary keys, Codable JSON, and a reference to a poisoned path.
    static func poisoned(value: String = "v", reference: Int = 1) -> Archive {
        let root = "Root" + clear
        let child = "Child" + title
        return Archive(
            metadata: ArchiveMetadata(
                appName: title + "App", appVersion: "1" + clear, systemVersion: "Linux" + clipboard,
                timestamp: SampleArchives.savedAt, interfaceIdiom: override + "terminal\u{2066}"),
            applicationState: [ArchiveEntry(key: "launch" + csi, value: .string(value + title))],
            records: [
                ArchiveRecord(
                    parentIndex: nil, path: RestorationPath(identifiers: [root]),
                    typeName: "App.Nav" + override,
                    restorationClassName: "Restorer" + title, stateVersion: 0,
                    entries: [
                        ArchiveEntry(key: clipboard + "k", value: .string(override + "gpj.exe")),
                        ArchiveEntry(key: "dict", value: .dictionary([title: .int(1)])),
                        ArchiveEntry(key: "codable", value: .codable(Data("{\"a\":\"\(clear)\"}".utf8))),
                        ArchiveEntry(key: "child", value: .reference(reference)),
                        ArchiveEntry(key: "array", value: .array([.string(clear)])),
                    ]),
                ArchiveRecord(
                    parentIndex: 0, path: RestorationPath(identifiers: [root, child]), typeName: "App.Child",
                    restorationClassName: nil, stateVersion: 0,
                    entries: [ArchiveEntry(key: "del\u{7F}", value: .bool(true))]),
            ], byteCount: 0, stringCount: 0)
    }

    /// The characters of `text` that would act on a terminal or reorder what it shows:
    /// controls other than the line feed, format characters, line and paragraph separators.
    /// The SGR colour sequences the tool writes itself (`ESC [ 1;34 m`) are removed first.
    static func unsafeScalars(_ text: String) -> [Unicode.Scalar] {
        let uncoloured = text.replacingOccurrences(
            of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        return uncoloured.unicodeScalars.filter { scalar in
            guard scalar != "\n" else { return false }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }

    static let escapedRootPath = "Root\\u{1b}[2J"
    static let escapedChildPath = "Root\\u{1b}[2J/Child\\u{1b}]0;pwned\\u{7}"

    @Test("A1: show escapes metadata, identifiers, type and class names, keys and values")
    func show() throws {
        let bytes = ArchiveBytes.encode(Self.poisoned())
        let file = try scratch.write(bytes, to: "poisoned.archive")
        let strings = try Archive(bytes: bytes).stringCount
        for colour in ["never", "always"] {
            let run = ToolRun.run(["show", "--color", colour, file])
            #expect(run.status == 0, "\(run.errors)")
            #expect(Self.unsafeScalars(run.output) == [], "--color \(colour)")
        }
        let run = ToolRun.run(["show", file])
        #expect(
            run.output == """
                restoration archive: \(file)
                  app              \\u{1b}]0;pwned\\u{7}App 1\\u{1b}[2J
                  saved            2023-11-14T22:13:20Z
                  system           Linux\\u{1b}]52;c;cm0gLXJmIH4=\\u{7}
                  interface idiom  \\u{202e}terminal\\u{2066}
                  format version   1
                  size             \(bytes.count) bytes, 2 objects, 1 application-state key, \(strings) strings

                application state (1 key)
                  launch\\u{9b}: String = "v\\u{1b}]0;pwned\\u{7}"

                objects (2)
                \(Self.escapedRootPath)  App.Nav\\u{202e}
                │   restoration class Restorer\\u{1b}]0;pwned\\u{7}, state version 0
                │   \\u{1b}]52;c;cm0gLXJmIH4=\\u{7}k: String = "\\u{202e}gpj.exe"
                │   dict: [String: Int] = ["\\u{1b}]0;pwned\\u{7}": 1]
                │   codable: Codable = {"a":"\\u{1b}[2J"}
                │   child: Reference = → \(Self.escapedChildPath)
                │   array: [String] = ["\\u{1b}[2J"]
                └── \(Self.escapedChildPath)  App.Child
                        no restoration class, state version 0
                        del\\u{7f}: Bool = true

                """)
    }

    @Test("A3: verify escapes the app's name, and the record path of an invalid archive")
    func verify() throws {
        let bytes = ArchiveBytes.encode(Self.poisoned())
        let file = try scratch.write(bytes, to: "poisoned.archive")
        let valid = ToolRun.run(["verify", file])
        #expect(
            valid.output
                == "\(file): valid restoration archive (format 1, \(bytes.count) bytes, 2 objects, "
                + "1 application-state key); \\u{1b}]0;pwned\\u{7}App 1\\u{1b}[2J, saved 2023-11-14T22:13:20Z\n"
        )

        // Record 1 is the child: a reference in the root to a record that is not there
        // makes the reader stop in record 0, named by its poisoned path.
        let invalid = try scratch.write(ArchiveBytes.encode(Self.poisoned(reference: 7)), to: "bad.archive")
        let run = ToolRun.run(["verify", invalid])
        #expect(run.status == 65)
        #expect(Self.unsafeScalars(run.errors) == [])
        #expect(run.errors.contains("(in record 0, \(Self.escapedRootPath))\n"), "\(run.errors)")
    }

    @Test("A4: diff escapes paths, types, keys and values")
    func diff() throws {
        let old = try scratch.write(ArchiveBytes.encode(Self.poisoned()), to: "old.archive")
        let new = try scratch.write(
            ArchiveBytes.encode(Self.poisoned(value: Self.clipboard)), to: "new.archive")
        var changed = Self.poisoned()
        changed.records[1].entries = [ArchiveEntry(key: "del\u{7F}", value: .string(Self.override))]
        changed.records[0].restorationClassName = Self.clear
        let third = try scratch.write(ArchiveBytes.encode(changed), to: "third.archive")
        for colour in ["never", "always"] {
            let run = ToolRun.run(["diff", "--color", colour, old, third])
            #expect(run.status == 1)
            #expect(Self.unsafeScalars(run.output) == [], "--color \(colour)")
        }
        let run = ToolRun.run(["diff", old, third])
        #expect(
            run.output == """
                --- \(old) (\\u{1b}]0;pwned\\u{7}App 1\\u{1b}[2J, saved 2023-11-14T22:13:20Z)
                +++ \(third) (\\u{1b}]0;pwned\\u{7}App 1\\u{1b}[2J, saved 2023-11-14T22:13:20Z)

                objects
                  ~ \(Self.escapedRootPath)  App.Nav\\u{202e}
                      restoration class: Restorer\\u{1b}]0;pwned\\u{7} → \\u{1b}[2J
                  ~ \(Self.escapedChildPath)  App.Child
                      ~ del\\u{7f}: Bool = true → String = "\\u{202e}"

                2 objects changed

                """)
        let appState = ToolRun.run(["diff", old, new])
        #expect(Self.unsafeScalars(appState.output) == [])
        #expect(
            appState.output.contains(
                "  ~ launch\\u{9b}: String = \"v\\u{1b}]0;pwned\\u{7}\" → "
                    + "\"\\u{1b}]52;c;cm0gLXJmIH4=\\u{7}\\u{1b}]0;pwned\\u{7}\"\n"))
    }

    @Test("A2: show --json escapes C1 controls, DEL and bidi controls too, and loses nothing")
    func json() throws {
        let file = try scratch.write(ArchiveBytes.encode(Self.poisoned()), to: "poisoned.archive")
        let run = ToolRun.run(["show", "--json", file])
        #expect(run.status == 0)
        #expect(Self.unsafeScalars(run.output) == [])
        #expect(run.output.contains(#""appName": "\u001b]0;pwned\u0007App","#))
        #expect(run.output.contains(#""interfaceIdiom": "\u202eterminal\u2066","#))
        #expect(run.output.contains(#"{"key": "launch\u009b", "#))
        #expect(run.output.contains(#"{"key": "del\u007f", "#))
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let metadata = try #require(root["metadata"] as? [String: Any])
        #expect(metadata["appName"] as? String == Self.title + "App")
        #expect(metadata["interfaceIdiom"] as? String == Self.override + "terminal\u{2066}")
        let objects = try #require(root["objects"] as? [[String: Any]])
        let components = try #require(objects.last?["pathComponents"] as? [[String: Any]])
        #expect(
            components.compactMap { $0["identifier"] as? String } == [
                "Root" + Self.clear, "Child" + Self.title,
            ])
    }

    @Test("A1, A3: file and app names in messages are escaped too")
    func names() throws {
        let missing = ToolRun.run(["verify", "/nonexistent/\(Self.title).archive"])
        #expect(missing.status == 66)
        #expect(missing.errors == "error: /nonexistent/\\u{1b}]0;pwned\\u{7}.archive: no such file\n")
        let app = ToolRun.run(["show", "--app", Self.clear], environment: ["XDG_STATE_HOME": "/nonexistent"])
        #expect(app.status == 66)
        #expect(Self.unsafeScalars(app.errors) == [])
        #expect(app.errors.hasPrefix("error: no saved state for '\\u{1b}[2J' in /nonexistent/\\u{1b}[2J: "))
    }
}
