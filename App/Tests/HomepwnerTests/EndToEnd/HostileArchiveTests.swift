import Foundation
import StateRestoration
import Testing
import TmuxTesting

#if canImport(Glibc)
    import Glibc
#endif

/// Archives crafted as an attacker would (checksum valid), put where the real `homepwner`
/// looks for its state, at launch (rules R31–R33). Each used to crash or hang it.
@Suite(
    "R31: crafted archives through the real homepwner", .serialized,
    .enabled(
        if: HomepwnerTmux.isAvailable,
        "needs tmux, sqlite3 and the homepwner binary (swift build --build-tests)"))
struct HostileArchiveTests {
    /// The golden New Item scenario (the list presents a modal navigation controller), with
    /// its items, in the session's directories; returns its archive parsed for rewriting.
    func prepare(_ session: HomepwnerTmux) throws -> Archive {
        let golden = GoldenArchiveTests.goldenDirectory + "/format-1/homepwner-new-item"
        try FileManager.default.copyItem(atPath: golden + "/data", toPath: session.dataDirectory)
        try FileManager.default.createDirectory(
            atPath: session.stateDirectory, withIntermediateDirectories: true)
        chmod(session.stateDirectory, 0o700)
        let bytes = try #require(FileManager.default.contents(atPath: golden + "/state/restoration.archive"))
        return try Archive(bytes: Array(bytes))
    }

    private func set(
        _ archive: inout Archive, _ path: String, _ key: String, _ value: StateValue
    ) throws {
        let index = try #require(archive.records.firstIndex { $0.path.description == path }, "no \(path)")
        archive.records[index].entries.removeAll { $0.key == key }
        archive.records[index].entries.append(ArchiveEntry(key: key, value: value))
    }

    private func index(_ archive: Archive, _ path: String) -> Int {
        archive.records.firstIndex { $0.path.description == path } ?? -1
    }

    /// Runs `body` on a tmux session of `width` by `height` holding the golden New Item
    /// scenario (``prepare(_:)``), with its archive to rewrite; closes the session after.
    func withGolden(
        width: Int = 80, height: Int = 24, _ body: (HomepwnerTmux, inout Archive) async throws -> Void
    ) async throws {
        let session = try HomepwnerTmux(width: width, height: height)
        defer { session.close() }
        var archive = try prepare(session)
        try await body(session, &archive)
    }

    /// Writes `archive` as the app's state, launches it with debug output, and returns the
    /// first frame and the log's lines once the app runs.
    func launch(_ session: HomepwnerTmux, _ archive: Archive, ready: String) async throws -> (
        String, [String]
    ) {
        try Data(archive.encodedBytes()).write(to: URL(fileURLWithPath: session.archivePath))
        let log = session.directory + "/restoration.log"
        let screen = try await session.launch(
            environment: "RESTORATION_DEBUG=1 RESTORATION_DEBUG_LOG='\(log)'", ready: ready)
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return (screen, text.split(separator: "\n").map(String.init))
    }

    /// Launches on `archive` and expects the golden New Item screen back (its typed name
    /// shows) and `logged` in the log; then the app still answers: Esc cancels the new item,
    /// asking first since something was typed (H2), and shows the list.
    private func launchExpectingNewItem(_ session: HomepwnerTmux, _ archive: Archive, logged: String)
        async throws
    {
        let (screen, log) = try await launch(session, archive, ready: "New Item")
        #expect(screen.contains("Half a name"))
        #expect(log.contains(logged), "\(log)")
        try await session.discardNewItem()
        #expect(try session.childPID() != nil)
    }

    @Test(
        "R31: a navigation controller whose stack names itself: the app starts, shows its list, and says why")
    func stackNamesItself() async throws {
        try await withGolden { session, archive in
            try set(
                &archive, "NavigationController", "stack",
                .array([
                    .reference(0), .reference(index(archive, "NavigationController/ItemsViewController")),
                ]))
            try await launchExpectingNewItem(
                session, archive,
                logged:
                    "restoration: not restored: NavigationController: 'NavigationController' lists it under "
                    + "'stack', but it is that object itself; it is left out there (containment is a tree, R31)"
            )
        }
    }

    @Test("R31: two controllers presenting each other: the app starts with the modal screen, and says why")
    func presentingEachOther() async throws {
        try await withGolden { session, archive in
            try set(&archive, "NavigationController/NavigationController", "presented", .reference(0))
            try await launchExpectingNewItem(
                session, archive,
                logged:
                    "restoration: not restored: NavigationController: 'NavigationController/NavigationController' "
                    + "lists it under 'presented', but it was saved under the windows, and an object contains "
                    + "only what was saved under it; it is left out there (containment is a tree, R31)")
        }
    }

    @Test("R32: a FIFO at the archive path: the app starts fresh at once, says why, and SIGTERM ends it")
    func fifoArchive() async throws {
        try await withGolden { session, _ in
            #expect(mkfifo(session.archivePath, 0o600) == 0)
            let log = session.directory + "/restoration.log"
            let screen = try await session.launch(
                environment: "RESTORATION_DEBUG=1 RESTORATION_DEBUG_LOG='\(log)'", ready: "Homepwner")
            #expect(screen.hasPrefix(" Edit "), "the list, fresh")
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            #expect(
                text.contains(
                    "restoration: not restored: cannot read the archive: '\(session.archivePath)' is a FIFO, not a "
                        + "regular file; it was set aside as restoration.archive.discarded in "
                        + (session.sessionDirectory ?? "(no session)")
                ),
                "\(text)")
            let pid = try #require(try session.childPID())
            #expect(kill(pid, SIGTERM) == 0)
            try await session.waitUntil("the app to end on SIGTERM") { !HomepwnerTmux.isAlive(pid) }
        }
    }

    @Test("R32: a FIFO as the debug log does not block the launch")
    func fifoLog() async throws {
        try await withGolden { session, archive in
            try Data(archive.encodedBytes()).write(to: URL(fileURLWithPath: session.archivePath))
            let log = session.directory + "/fifo.log"
            #expect(mkfifo(log, 0o600) == 0)
            try await session.launch(
                environment: "RESTORATION_DEBUG=1 RESTORATION_DEBUG_LOG='\(log)'", ready: "New Item")
            #expect(try session.childPID() != nil)
        }
    }

    @Test("R32: /dev/zero behind a symlink at the archive path is not read; the app starts fresh")
    func devZeroArchive() async throws {
        try await withGolden { session, _ in
            #expect(symlink("/dev/zero", session.archivePath) == 0)
            let screen = try await session.launch(ready: "Homepwner")
            #expect(screen.hasPrefix(" Edit "))
            var status = stat()
            let directory = try #require(session.sessionDirectory, "the archive moved into a session (S1)")
            #expect(lstat(directory + "/restoration.archive.discarded", &status) == 0)
            #expect(status.st_mode & S_IFMT == S_IFLNK, "the link itself was set aside")
        }
    }

    @Test(
        "R36: a state directory that others can write is refused with a clear message, before anything is read"
    )
    func worldWritableState() async throws {
        try await withGolden(width: 250, height: 24) { session, _ in
            try Data(try prepare2()).write(to: URL(fileURLWithPath: session.archivePath))
            #expect(chmod(session.stateDirectory, 0o777) == 0)
            try session.start()
            let status = try await session.exitStatus()
            let screen = try session.screen()
            // Wide enough for the message on one row; the rows of the command itself may wrap.
            let text = screen.replacingOccurrences(of: "\n", with: "")
            #expect(
                text.contains(
                    "homepwner: error: the state directory '\(session.stateDirectory)' can be written by its group or "
                        + "others (mode 777), who could plant files in it; run: chmod go-w '\(session.stateDirectory)'"
                ),
                "\(screen)")
            #expect(status == "77", "\(screen)")
        }
    }

    /// The golden archive's bytes.
    private func prepare2() throws -> [UInt8] {
        let golden = GoldenArchiveTests.goldenDirectory + "/format-1/homepwner-new-item"
        return Array(
            try #require(FileManager.default.contents(atPath: golden + "/state/restoration.archive")))
    }

    @Test("R31: the list's screen listed in the modal stack as well gets one parent, and the app runs")
    func screenInTwoStacks() async throws {
        try await withGolden { session, archive in
            let list = index(archive, "NavigationController/ItemsViewController")
            let detail = index(archive, "NavigationController/NavigationController/DetailViewController")
            try set(
                &archive, "NavigationController/NavigationController", "stack",
                .array([.reference(detail), .reference(list), .reference(detail)]))
            let (screen, log) = try await launch(session, archive, ready: "New Item")
            #expect(screen.contains("Half a name"))
            #expect(log.count == 2, "\(log)")
            // Something was typed: Cancel asks first (H2).
            try await session.discardNewItem()
        }
    }

    @Test(
        "H17: an archive carrying 'keptFieldWrites' (an earlier version's kept edits), crafted with any values and 200,000 of them, writes nothing and says so"
    )
    func keptWritesInAnArchiveWriteNothing() async throws {
        try await withGolden { session, archive in
            let key = try #require(
                session.sqlite("SELECT item_key FROM items WHERE name != '' LIMIT 1").split(separator: "\n")
                    .first
            )
            let query = "SELECT name, serial_number, value_in_dollars FROM items WHERE item_key = '\(key)'"
            let before = try session.sqlite(query)
            let one =
                #"{"key":"\#(key)","name":"x","changes":{"name":"PWNED \u001b]0;T\u0007","serialNumber":"EVIL","valueInDollars":9223372036854775807,"notes":"attacker"}}"#
            let many = "[" + Array(repeating: one, count: 200_000).joined(separator: ",") + "]"
            archive.applicationState.removeAll { $0.key == "keptFieldWrites" }
            archive.applicationState.append(
                ArchiveEntry(key: "keptFieldWrites", value: .codable(Data(many.utf8))))
            let (screen, _) = try await launch(session, archive, ready: "New Item")
            #expect(screen.contains("Half a name"))
            // The screen the user is on says it (the New Item screen, shown alone).
            try await session.waitFor("the notice") {
                $0.replacingOccurrences(of: "\n ", with: " ").contains(
                    "held edits from an earlier Homepwner; they were not applied")
            }
            try await Task.sleep(for: .seconds(1))
            #expect(try session.sqlite(query) == before)
            #expect(try await session.quit(key: "C-c") == "0")
        }
    }
}
