import Foundation
import Testing
import TmuxTesting

/// Rule X3: archives saved by earlier versions keep restoring.
///
/// `App/Tests/Golden/format-N/<scenario>/` holds what the real binaries left behind after
/// Ctrl-C on `main` when format N was current (recorded by `scripts/record-golden`): the
/// state directory, Homepwner's data directory or the demo's list, and the screen at quit.
/// Each is copied to a scratch directory, the binary of today is launched on it at 80x24,
/// and it must come back to the recorded screen, highlight included.
@Suite(
    "X3: golden archives from every format version restore into the real apps",
    .enabled(if: TmuxSession.programOnPath("tmux") != nil, "tmux is not installed"))
struct GoldenArchiveTests {
    /// `App/Tests/Golden`, found from this file.
    static let goldenDirectory: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Golden").path
    }()

    /// Every `format-N/scenario` folder.
    static let scenarios: [String] = {
        let files = FileManager.default
        let formats = ((try? files.contentsOfDirectory(atPath: goldenDirectory)) ?? []).sorted()
        return formats.flatMap { format in
            ((try? files.contentsOfDirectory(atPath: goldenDirectory + "/" + format)) ?? []).sorted()
                .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }
                .map { format + "/" + $0 }
        }
    }()

    @Test("X3: there is a golden set for format 1, for both apps")
    func goldenSetsExist() {
        #expect(Self.scenarios.contains("format-1/homepwner-detail-draft"))
        #expect(Self.scenarios.contains("format-1/demo-item-draft"))
        #expect(Self.scenarios.count >= 6)
    }

    @Test("X3: a golden archive restores to the screen it was saved from", arguments: scenarios)
    func restoresAsRecorded(_ scenario: String) async throws {
        let source = Self.goldenDirectory + "/" + scenario
        let expectedText = try String(contentsOfFile: source + "/screen.txt", encoding: .utf8)
        let expectedStyled = try String(contentsOfFile: source + "/screen-styled.txt", encoding: .utf8)
        let isDemo = scenario.contains("/demo-")
        let binary = try #require(
            TmuxSession.builtProduct(isDemo ? "terminalkit-demo" : "homepwner"),
            "build the binaries with the tests (swift build --build-tests)")

        let session = try TmuxSession(label: "golden-x3", width: 80, height: 24)
        defer { session.close() }
        let copy = session.directory + "/golden"
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        let arguments =
            isDemo ? "--state-dir '\(copy)/state'" : "--data-dir '\(copy)/data' --state-dir '\(copy)/state'"
        try session.shell("TZ=UTC '\(binary)' \(arguments)")

        if ProcessInfo.processInfo.environment["GOLDEN_RECAPTURE"] == "1" {
            // A deliberate change of the UI: the screens are captured again from the same
            // archives (which are never re-recorded); review the diff before committing.
            try await session.waitFor("the restored screen") { $0.contains(Self.firstLine(of: expectedText)) }
            try await Task.sleep(for: .milliseconds(300))
            try session.screen().write(toFile: source + "/screen.txt", atomically: true, encoding: .utf8)
            try session.screen(styled: true).write(
                toFile: source + "/screen-styled.txt", atomically: true, encoding: .utf8)
            return
        }
        let expected = Self.normalized(expectedText)
        var shown = ""
        do {
            try await session.waitFor("the recorded screen of \(scenario)") {
                shown = Self.normalized($0)
                return shown == expected
            }
        } catch {
            Issue.record(
                """
                \(scenario) no longer restores as it was saved. If the archive format or a state \
                version changed, add a migration (R19) so that old archives keep restoring; never \
                re-record an existing golden archive. If only the UI's drawing changed on purpose, \
                capture the screens again from the same archives with GOLDEN_RECAPTURE=1 and review \
                the diff.
                expected:
                \(expected)
                shown:
                \(shown)
                """)
            return
        }
        #expect(
            Self.highlightedRows(try session.screen(styled: true)) == Self.highlightedRows(expectedStyled),
            "the highlighted row of \(scenario) moved")
    }

    /// The recorded screen's first row, trimmed: the title bar, which a UI change rarely
    /// touches, to know that the app has drawn.
    static func firstLine(of screen: String) -> String {
        (screen.split(separator: "\n").first.map(String.init) ?? "").trimmingCharacters(in: .whitespaces)
    }

    /// Lines without trailing blanks, and no blank lines at the end. The footer (the 24th
    /// line, the key hints) is left out: it says which keys work now, is not restored
    /// state, and changes as the hints improve.
    static func normalized(_ screen: String) -> String {
        var lines = screen.components(separatedBy: "\n").prefix(23).map { line in
            String(line.reversed().drop(while: { $0 == " " }).reversed())
        }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// The row numbers below the first that start in reverse video: the list's selection.
    static func highlightedRows(_ styled: String) -> [Int] {
        styled.components(separatedBy: "\n").enumerated().dropFirst()
            .filter { $0.element.hasPrefix("\u{1B}[7m") }.map(\.offset)
    }
}
