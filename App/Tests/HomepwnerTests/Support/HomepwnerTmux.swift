import Foundation
import Homepwner
import HomepwnerCore
import StateRestoration
import Testing
import TmuxTesting

#if canImport(Glibc)
    import Glibc
#endif

/// A ``TmuxSession`` in which the real `homepwner` binary runs, on data and state
/// directories of its own inside the session's fresh directory, so tests never share
/// anything. It adds what the app needs: launching it, quitting it, killing it, and reading
/// its database (with `sqlite3`, as a user would) and its archive.
final class HomepwnerTmux: TmuxSession {
    /// The directory holding `data` and `state`: this session's own, or another's when
    /// two instances share them (rule S2).
    private var root: String { sharedRoot ?? directory }
    private var sharedRoot: String?
    /// The data directory (`--data-dir`).
    var dataDirectory: String { root + "/data" }
    /// The state directory (`--state-dir`).
    var stateDirectory: String { root + "/state" }
    /// Both, as the library names them.
    var paths: HomepwnerPaths { HomepwnerPaths(dataDirectory: dataDirectory, stateDirectory: stateDirectory) }
    /// The sessions of the state directory (rule S1).
    var sessions: RestorationSessions { RestorationSessions(stateDirectory: stateDirectory) }
    /// The most recently used session's directory, if there is a session.
    var sessionDirectory: String? { sessions.sessions().first?.directory }
    /// The archive file: the most recently used session's or, before any session exists,
    /// where a version before sessions kept it (the next launch moves it into a session).
    var archivePath: String {
        sessions.sessions().first?.archivePath ?? stateDirectory + "/restoration.archive"
    }

    /// The `homepwner` binary next to this test bundle, if built.
    static var binary: String? { builtProduct("homepwner") }

    /// True when tmux, sqlite3 and the binary are all there.
    static var isAvailable: Bool {
        programOnPath("tmux") != nil && programOnPath("sqlite3") != nil && binary != nil
    }

    /// Starts a server with a `bash` of `width`x`height` in a new temporary directory.
    init(width: Int = 60, height: Int = 12) throws {
        try super.init(label: "homepwner-e2e", width: width, height: height)
    }

    /// A terminal whose app keeps its data and state under `root` (a small file system, say).
    convenience init(width: Int = 60, height: Int = 12, root: String) throws {
        try self.init(width: width, height: height)
        sharedRoot = root
    }

    /// A second terminal whose app runs on `other`'s data and state directories: a second
    /// instance, as in a second tmux pane (rules S2, S3).
    convenience init(width: Int = 60, height: Int = 12, sharingDirectoriesOf other: HomepwnerTmux) throws {
        try self.init(width: width, height: height)
        sharedRoot = other.root
    }

    /// The directory of the session the app running here holds: the one whose lock file
    /// names its process (the engine writes the holder's pid there).
    func heldSessionDirectory() throws -> String? {
        guard let pid = try childPID() else { return nil }
        return sessions.sessions().first { info in
            let lock = try? String(contentsOfFile: info.directory + "/session.lock", encoding: .utf8)
            return lock == "\(pid)\n" && info.isHeld
        }?.directory
    }

    /// Runs `sqlite3` on the items database: what a user does behind the app's back.
    @discardableResult
    func sqlite(_ sql: String) throws -> String {
        guard let sqlite3 = Self.programOnPath("sqlite3") else {
            throw TmuxError.notFound(program: "sqlite3", place: "on the PATH")
        }
        return try execute(sqlite3, [dataDirectory + "/items.sqlite", sql])
    }

    // MARK: The screen

    /// The screen's rows, trailing newline dropped.
    func lines() throws -> [String] {
        var lines = try screen().components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The text of the rows below the bar drawn in reverse video: the list's highlighted
    /// row, as a person sees the highlight.
    func highlightedRows() throws -> [String] {
        let styled = try screen(styled: true).components(separatedBy: "\n")
        return styled.dropFirst().filter(Self.startsInReverseVideo).map(Self.stripEscapes)
    }

    /// True if the line's first SGR sequence turns reverse video on (`ESC[7m`, `ESC[0;7m`).
    private static func startsInReverseVideo(_ line: String) -> Bool {
        guard line.hasPrefix("\u{1B}["), let end = line.firstIndex(of: "m") else { return false }
        let parameters = line[line.index(line.startIndex, offsetBy: 2)..<end]
        return parameters.split(separator: ";").contains("7")
    }

    private static func stripEscapes(_ line: String) -> String {
        var result = ""
        var escape = false
        for character in line {
            if escape {
                if character.isLetter { escape = false }
            } else if character == "\u{1B}" {
                escape = true
            } else {
                result.append(character)
            }
        }
        while result.last == " " { result.removeLast() }
        return result
    }

    // MARK: The app

    /// Stores `items` (the five sample items unless told) before the app starts.
    func seed(_ items: [(String, String, Int)] = sampleItems) throws {
        let store = try ItemStore(paths: paths)
        for (name, serial, value) in items {
            try store.createItem(name: name, serialNumber: serial, valueInDollars: value)
        }
    }

    /// Starts `homepwner` on this session's directories and waits for its first frame.
    /// - Parameters:
    ///   - arguments: Extra options.
    ///   - environment: Variables set for this run only (`RESTORATION_DEBUG=1`).
    ///   - ready: What the first frame must show.
    @discardableResult
    func launch(
        _ arguments: String = "", environment: String = "", ready: String = "Homepwner"
    ) async throws -> String {
        try start(arguments, environment: environment)
        return try await waitFor("the app's first frame showing \(ready)") { screen in
            try screen.contains(ready) && isAlternateScreen()
        }
    }

    /// Clears the screen and types the command that runs `homepwner` on this session's
    /// directories, with `arguments` and, for this run only, `environment`; waits for nothing
    /// (``launch(_:environment:ready:)`` waits for the first frame, ``exitStatus()`` for the end).
    /// The screen is cleared by the shell itself (`printf`), so the app is the shell's only
    /// child (``childPID()``) and no earlier exit status is left on it.
    func start(_ arguments: String = "", environment: String = "") throws {
        guard let binary = Self.binary else {
            throw TmuxError.notFound(program: "homepwner", place: "next to the test bundle")
        }
        try shell(
            "printf '\\033[H\\033[2J'; \(environment) '\(binary)' --data-dir '\(dataDirectory)' "
                + "--state-dir '\(stateDirectory)' \(arguments)")
    }

    /// Quits with `q` and waits for the shell; returns the app's exit status.
    func quit(key: String = "q") async throws -> String {
        try press(key)
        try await waitUntil("the shell after quitting") { try !isAlternateScreen() }
        return try await exitStatus()
    }

    /// `kill -9` the app, waits until it is gone, and gives the shell a sane terminal again
    /// (the app had no chance to restore it).
    func killApp() async throws {
        let pid = try #require(try childPID(), "the app is not running")
        #expect(kill(pid, SIGKILL) == 0)
        try await waitUntil("the app to die") { !Self.isAlive(pid) }
        try shell("stty sane; printf '\\033[?1049l\\033[?25h'; clear")
        try await waitUntil("the shell's normal screen") { try !isAlternateScreen() }
    }

    /// The saved archive (the newest session's, or the one at `path`), if it parses.
    func archive(at path: String? = nil) -> Archive? {
        guard let data = FileManager.default.contents(atPath: path ?? archivePath) else { return nil }
        return try? Archive(fileBytes: Array(data))
    }

    /// The text a saved text field holds in the archive (the newest session's, or the one
    /// at `path`), by the end of its path.
    func archivedText(ofFieldEndingWith suffix: String, in path: String? = nil) -> String? {
        guard let record = archive(at: path)?.records.first(where: { $0.path.description.hasSuffix(suffix) })
        else {
            return nil
        }
        guard case .string(let text)? = record.entries.last(where: { $0.key == "text" })?.value else {
            return nil
        }
        return text
    }
}

extension HomepwnerTmux {
    /// A terminal of `width`x`height` running Homepwner on `items` (the five sample items
    /// unless told; none, and no database before the launch, for `[]`), started with
    /// `arguments` and `environment`, its first frame showing `ready`. The terminal is
    /// closed if the launch fails; otherwise its caller closes it (a suite's ``Terminals``
    /// does when the test ends).
    static func launched(
        width: Int = 60, height: Int = 12, items: [(String, String, Int)] = sampleItems,
        arguments: String = "", environment: String = "", ready: String = "Homepwner"
    ) async throws -> HomepwnerTmux {
        let session = try HomepwnerTmux(width: width, height: height)
        do {
            if !items.isEmpty { try session.seed(items) }
            try await session.launch(arguments, environment: environment, ready: ready)
        } catch {
            session.close()
            throw error
        }
        return session
    }

    /// Two terminals on the same directories, each running Homepwner on the sample items
    /// (the list showing in both).
    static func twoInstances(width: Int = 80, height: Int = 24) async throws -> (
        left: HomepwnerTmux, right: HomepwnerTmux
    ) {
        let left = try HomepwnerTmux(width: width, height: height)
        let right: HomepwnerTmux
        do {
            right = try HomepwnerTmux(width: width, height: height, sharingDirectoriesOf: left)
        } catch {
            left.close()
            throw error
        }
        do {
            try left.seed()
            try await left.launch()
            try await right.launch()
        } catch {
            left.close()
            right.close()
            throw error
        }
        return (left, right)
    }

    /// Opens row `row` of the list (Down `row` times, then Enter) and waits for the item's
    /// screen, whose name is `name`.
    func open(row: Int, name: String) async throws {
        try run(["send-keys", "-t", Self.target] + Array(repeating: "Down", count: row) + ["Enter"])
        try await waitFor("the detail of \(name)") { $0.contains("Name     \(name)") }
    }

    /// Waits for the list: its bar, with Edit on the left.
    @discardableResult
    func waitForList() async throws -> String {
        try await waitFor("the list") { $0.hasPrefix(" Edit ") }
    }

    /// Adds an item (a) and types `name` (no quotes) into its name field; waits until the
    /// store holds the new item under that name, as it does at once (H2, H18).
    func startNewItem(named name: String) async throws {
        try press("a")
        try await waitFor("the New Item screen") { $0.contains("New Item") }
        try type(name)
        try await waitUntil("the typed name in the store") {
            try self.sqlite("SELECT count(*) FROM items WHERE name = '\(name)'") == "1\n"
        }
    }

    /// Cancels a New Item screen with something typed: Esc, then y to the question it asks
    /// first (H2); waits for the list.
    func discardNewItem() async throws {
        try press("Escape")
        try await waitFor("the discard question") { $0.contains("Discard the new item?") }
        try press("y")
        try await waitForList()
    }

    /// Ends the app with `key` (Ctrl-C unless told) and waits for the shell.
    func stop(key: String = "C-c") async throws {
        try press(key)
        try await waitUntil("the shell") { try !isAlternateScreen() }
    }

    /// Opens row `row` of the list and types `draft` at the end of its name; waits until the
    /// session this instance holds has saved the draft (past the debounce).
    func openAndType(row: Int, name: String, draft: String) async throws {
        try await open(row: row, name: name)
        try type(draft)
        try await waitFor("the draft") { $0.contains("Name     \(name)\(draft)") }
        try await waitUntil("the continuous save of the draft in its own session") {
            guard let directory = try self.heldSessionDirectory() else { return false }
            return self.archivedText(
                ofFieldEndingWith: "DetailViewController/nameField", in: directory + "/restoration.archive")
                == name + draft
        }
    }
}
