import Foundation
import HomepwnerCore
import StateRestoration
import TestSupport
import Testing
import TmuxTesting

/// `homepwner-gtk` run as a person runs it, on a private X server: launched, typed at with
/// `xdotool`, photographed with `xwd`, killed with `-9`, launched again.
///
/// Everything is isolated in a scratch directory: the data and state directories
/// (`--data-dir`, `--state-dir`), `HOME`, and `XDG_CONFIG_HOME` with a GTK `settings.ini`
/// that turns off the cursor's blinking and animations, so that two screenshots of the
/// same state are the same pixels.
final class DesktopSession {
    let server: XvfbServer
    let scratch = TemporaryDirectory(prefix: "desktop-e2e")
    private var app: Process?
    private var launches = 0

    init() throws {
        server = try XvfbServer()
        let settings = scratch.file("config/gtk-4.0")
        try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: true)
        try "[Settings]\ngtk-cursor-blink=false\ngtk-enable-animations=false\n".write(
            toFile: settings + "/settings.ini", atomically: true, encoding: .utf8)
    }

    deinit {
        if let app, app.isRunning { kill(app.processIdentifier, SIGKILL) }
    }

    /// The app's data and state directories.
    var paths: HomepwnerPaths {
        HomepwnerPaths(dataDirectory: scratch.file("data"), stateDirectory: scratch.file("state"))
    }

    /// The environment of the app and of the X tools: the private display, the isolated
    /// directories, and no accessibility bus or dconf to look for.
    var environment: [String: String] {
        [
            "DISPLAY": server.display, "GDK_BACKEND": "x11", "LANG": "C.UTF-8", "HOME": scratch.path,
            "XDG_CONFIG_HOME": scratch.file("config"), "XDG_DATA_HOME": scratch.file("xdg-data"),
            "XDG_STATE_HOME": scratch.file("xdg-state"), "NO_AT_BRIDGE": "1", "GSETTINGS_BACKEND": "memory",
        ]
    }

    /// A session whose store holds items named `names`, launched, its window focused.
    static func launched(items names: [String]) throws -> (DesktopSession, ItemStore) {
        let session = try DesktopSession()
        let store = try ItemStore(paths: session.paths)
        for name in names { try store.createItem(name: name) }
        try session.launch()
        try session.focus(try session.waitForWindow("Homepwner"))
        return (session, store)
    }

    /// Starts `homepwner-gtk` on the scratch directories.
    func launch(_ arguments: [String] = []) throws {
        guard let binary = TmuxSession.builtProduct("homepwner-gtk") else {
            throw DesktopTestError.missing("homepwner-gtk next to the tests (build it with them)")
        }
        launches += 1
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments =
            ["--data-dir", paths.dataDirectory, "--state-dir", paths.stateDirectory] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: scratch.file("app-\(launches).err"), contents: nil)
        process.standardError = FileHandle(forWritingAtPath: scratch.file("app-\(launches).err"))
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        app = process
    }

    /// Kills the app with SIGKILL and waits for it to be gone.
    func killApp() {
        guard let app else { return }
        kill(app.processIdentifier, SIGKILL)
        app.waitUntilExit()
        self.app = nil
    }

    /// Sends `signal` to the app.
    func signalApp(_ signal: Int32) {
        if let app { kill(app.processIdentifier, signal) }
    }

    /// Waits for the app to end by itself (a quit, its last window closed); its status.
    func waitForExit() throws -> Int32 {
        guard let app else { throw DesktopTestError.failed("the app is not running") }
        try poll("the app to exit") { !app.isRunning }
        self.app = nil
        return app.terminationStatus
    }

    /// The ids of the desktop app's sessions under the state directory.
    var sessionIDs: [String] {
        let ids = try? FileManager.default.contentsOfDirectory(atPath: scratch.file("state/desktop/sessions"))
        return (ids ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Runs an X tool on the private display.
    @discardableResult
    func x(_ program: String, _ arguments: [String]) throws -> ProgramRun {
        let run = try ProgramRun.run(program, arguments, environment: environment)
        guard run.status == 0 else {
            throw DesktopTestError.failed("\(program) \(arguments.joined(separator: " ")): \(run.errors)")
        }
        return run
    }

    /// Waits for a window titled exactly `title` to be on screen; returns its id.
    @discardableResult
    func waitForWindow(_ title: String) throws -> String {
        var found = ""
        let pattern = "^" + NSRegularExpression.escapedPattern(for: title) + "$"
        do {
            try poll("a window titled '\(title)'") {
                let run = try ProgramRun.run(
                    "xdotool", ["search", "--onlyvisible", "--name", pattern], environment: environment)
                found = run.output.split(separator: "\n").first.map(String.init) ?? ""
                return run.status == 0 && !found.isEmpty
            }
        } catch {
            let state =
                app.map { $0.isRunning ? "running" : "exited with \($0.terminationStatus)" } ?? "not started"
            throw DesktopTestError.timedOut(
                "a window titled '\(title)'; the windows: \(windowTitles()); the app: \(state), it said: \(lastErrors)"
            )
        }
        return found
    }

    /// Waits for a window whose title matches one of `patterns` (regular expressions, as
    /// `xdotool search` takes them); returns its id and title.
    @discardableResult
    func waitForAnyWindow(matching patterns: [String]) throws -> (id: String, title: String) {
        var found: (id: String, title: String)?
        do {
            try poll("a window whose title matches one of \(patterns)") {
                for pattern in patterns {
                    let run = try ProgramRun.run(
                        "xdotool", ["search", "--onlyvisible", "--name", pattern, "getwindowname", "%@"],
                        environment: environment)
                    if let title = run.output.split(separator: "\n").first.map(String.init), run.status == 0 {
                        found = (try windows(titled: title).first ?? "", title)
                        return found?.id.isEmpty == false
                    }
                }
                return false
            }
        } catch {
            throw DesktopTestError.timedOut(
                "a window matching one of \(patterns); the windows: \(windowTitles())")
        }
        return found ?? ("", "")
    }

    /// The titles of the windows on screen, for a failure's message.
    func windowTitles() -> [String] {
        let run = try? ProgramRun.run(
            "xdotool", ["search", "--onlyvisible", "--name", ".", "getwindowname", "%@"],
            environment: environment)
        return run?.output.split(separator: "\n").map(String.init) ?? []
    }

    /// Gives `window` the keyboard focus as a window manager would, the pointer parked in
    /// the same place each time (out of the window, so no row is hovered).
    func focus(_ window: String) throws {
        try x("xdotool", ["mousemove", "1270", "790"])
        try x("xdotool", ["windowfocus", "--sync", window])
    }

    /// Presses keys (`xdotool key` names: `Down`, `Return`, `shift+Left`).
    func key(_ keys: String...) throws {
        try key(keys)
    }

    /// Presses keys, as ``key(_:)-(String...)`` does.
    func key(_ keys: [String]) throws {
        try x("xdotool", ["key", "--delay", "40"] + keys)
    }

    /// Types `text` into the focused entry of a window titled `before`, whose title follows
    /// the entry (an item's name), and waits until the title shows it all.
    ///
    /// ASCII goes through `xdotool type`. Other characters (Chinese) go through GTK's own
    /// Unicode entry, Ctrl+Shift+U, the code in hexadecimal, Space: GTK's input method
    /// commits them as an input method for Chinese commits its text. `xdotool type` would
    /// remap a spare key for each, and the app, reading the keyboard map after the key
    /// arrives, sometimes finds it mapped back and loses the character.
    func type(_ text: String, titleBefore before: String) throws {
        try type(text)
        try waitForWindow(before + text)
    }

    /// Types `text` into the focused widget, as ``type(_:titleBefore:)`` does, without
    /// waiting for a title.
    func type(_ text: String) throws {
        for character in text {
            if character.isASCII {
                try x("xdotool", ["type", String(character)])
            } else {
                for scalar in character.unicodeScalars {
                    let digits = String(scalar.value, radix: 16).map(String.init)
                    try key(["ctrl+shift+u"] + digits + ["space"])
                }
            }
        }
    }

    /// Types `text` (ASCII) into the focused widget from another process, a key every
    /// 20 ms, while the test goes on; ``Typing/stop()`` ends it.
    func typeInBackground(_ text: String) throws -> Typing {
        guard let xdotool = TmuxSession.programOnPath("xdotool") else {
            throw DesktopTestError.missing("xdotool (scripts/bootstrap installs it)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xdotool)
        process.arguments = ["type", "--delay", "20", text]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return Typing(process: process, keys: Set(text).map(String.init), session: self)
    }

    /// Keys being typed by ``typeInBackground(_:)``.
    struct Typing {
        let process: Process
        let keys: [String]
        let session: DesktopSession

        /// Stops typing (SIGKILL: the process inherits the tests' blocked SIGTERM), then
        /// lets go of the keys: one killed between a key's press and its release would
        /// leave it held, and X would repeat it into the next window.
        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            _ = try? session.x("xdotool", ["keyup"] + keys.sorted())
        }
    }

    /// The app's windows on screen, each as it draws itself (`xwd -id`), side by side in a
    /// PNG in the scratch directory, named `name`: ordered by title, then by X id (the
    /// order the app made them).
    ///
    /// Not `xwd -root`: with no window manager, Xvfb composites a dialog under the window it
    /// belongs to, so the whole screen would not show it.
    func screenshot(_ name: String) throws -> String {
        let windows = try ProgramRun.run(
            "xdotool", ["search", "--onlyvisible", "--name", ".", "getwindowname", "%@"],
            environment: environment)
        let ids = try ProgramRun.run(
            "xdotool", ["search", "--onlyvisible", "--name", "."], environment: environment)
        let titles = windows.output.split(separator: "\n").map(String.init)
        let numbers = ids.output.split(separator: "\n").compactMap { Int($0) }
        guard titles.count == numbers.count, !numbers.isEmpty else {
            throw DesktopTestError.failed("no window to photograph: \(titles), \(numbers)")
        }
        let ordered = zip(titles, numbers).sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        var parts: [String] = []
        for (index, window) in ordered.enumerated() {
            let xwd = scratch.file("\(name)-\(index).xwd")
            try x("xwd", ["-id", "\(window.1)", "-silent", "-out", xwd])
            parts.append("xwd:" + xwd)
        }
        let png = scratch.file(name + ".png")
        try x("/usr/bin/convert", ["-background", "black"] + parts + ["+append", png])
        return png
    }

    /// How many pixels differ between two PNGs (ImageMagick's `compare -metric AE`); all of
    /// them (`Int.max`) when their sizes differ.
    func differingPixels(_ first: String, _ second: String) throws -> Int {
        let run = try ProgramRun.run(
            "/usr/bin/compare", ["-metric", "AE", first, second, scratch.file("difference.png")],
            environment: environment)
        if run.errors.contains("differ") { return Int.max }
        guard run.status <= 1, let count = Int(run.errors.split(separator: " ").first ?? "") else {
            throw DesktopTestError.failed("compare: \(run.errors)")
        }
        return count
    }

    /// How many pixels of the PNG at `path` are within 5 % of `color` (`"rgb(255,0,0)"`).
    func pixelCount(of color: String, in path: String) throws -> Int {
        let run = try x(
            "/usr/bin/convert",
            [
                path, "-fuzz", "5%", "-fill", "black", "+opaque", color, "-fill", "white", "-opaque", color,
                "-format", "%[fx:round(mean*w*h)]", "info:",
            ])
        guard let count = Int(run.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw DesktopTestError.failed("convert counted '\(run.output)'")
        }
        return count
    }

    /// A screenshot taken once two in a row are the same: the window has drawn.
    func settledScreenshot(_ name: String) throws -> String {
        var previous = try screenshot(name + "-0")
        var shot = previous
        var attempt = 0
        try poll("the screen to settle") {
            attempt += 1
            shot = try screenshot("\(name)-\(attempt)")
            defer { previous = shot }
            return try differingPixels(previous, shot) == 0
        }
        return shot
    }

    /// The archive of the only session under the desktop app's state, parsed; nil while
    /// there is none, or more than one session.
    func archive() throws -> Archive? {
        sessionIDs.count == 1 ? try archives().first : nil
    }

    /// The archives of every session under the desktop app's state, parsed, by session.
    func archives() throws -> [Archive] {
        try sessionIDs.compactMap { id in
            FileManager.default.contents(
                atPath: scratch.file("state/desktop/sessions/\(id)/restoration.archive"))
        }
        .map { try Archive(fileBytes: Array($0)) }
    }

    /// The values an archive holds for the object whose path ends in `identifiers`
    /// (`["NewItemPage", "name"]`): the first session's that has one; nil while none has.
    func savedValues(_ identifiers: String...) throws -> [String: StateValue]? {
        for archive in try archives() {
            if let record = archive.records.first(where: {
                $0.path.identifiers.suffix(identifiers.count) == ArraySlice(identifiers)
            }) {
                return Dictionary(record.entries.map { ($0.key, $0.value) }) { $1 }
            }
        }
        return nil
    }

    /// The ids of the windows on screen titled exactly `title`, in X's order.
    func windows(titled title: String) throws -> [String] {
        let pattern = "^" + NSRegularExpression.escapedPattern(for: title) + "$"
        let run = try ProgramRun.run(
            "xdotool", ["search", "--onlyvisible", "--name", pattern], environment: environment)
        return run.output.split(separator: "\n").map(String.init)
    }

    /// Copies `files` out of the scratch directory, which goes with the test, into a new
    /// directory under the system's temporary one; returns its path.
    func keep(_ files: [String]) -> String {
        let kept = NSTemporaryDirectory() + "/desktop-e2e-failed-" + UUID().uuidString.prefix(8).lowercased()
        try? FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
        for file in files {
            try? FileManager.default.copyItem(
                atPath: file, toPath: kept + "/" + (file as NSString).lastPathComponent)
        }
        return kept
    }

    /// What the app wrote on standard error in its last run.
    var lastErrors: String {
        (try? String(contentsOfFile: scratch.file("app-\(launches).err"), encoding: .utf8)) ?? ""
    }
}

/// Takes a screenshot once the screen has settled, kills the app with `-9`, launches it
/// again, waits for its windows titled `others` too, focuses the one titled `title`, and
/// expects the same pixels (rule G4).
func expectSameScreenAfterKill(_ session: DesktopSession, window title: String, others: [String] = []) throws
{
    let before = try session.settledScreenshot("before")
    session.killApp()
    try session.launch()
    for other in others { try session.waitForWindow(other) }
    try session.focus(try session.waitForWindow(title))
    try expectSameScreen(session, as: before)
}

/// Polls until the screen equals `before` (the relaunched window has drawn), then expects
/// 0 pixels to differ; a failure keeps both screenshots and says what the app printed.
func expectSameScreen(_ session: DesktopSession, as before: String) throws {
    var after = before
    var differing = -1
    do {
        try poll("the relaunched window to look as before the kill", timeout: .seconds(10)) {
            after = try session.screenshot("after")
            differing = try session.differingPixels(before, after)
            return differing == 0
        }
    } catch {
        let kept = session.keep([before, after, session.scratch.file("difference.png")])
        Issue.record("\(error); kept in \(kept); the app said: \(session.lastErrors)")
    }
    #expect(differing == 0, "\(differing) pixels differ")
}
