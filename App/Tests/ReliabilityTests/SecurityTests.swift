import Foundation
import HomepwnerCore
import Testing

/// Security promises, one test each. Points already tested elsewhere are listed in
/// docs/RELIABILITY.md rather than tested twice: limits (ArchiveFormatTests,
/// VerifyTests, MutationTests), unregistered classes in-process (RestoreTests), photo
/// import (ImageStoreTests), item keys as file names (ImageStoreTests).
@Suite("Security: file modes, registered types only, limits, SQL")
struct SecurityTests {
    let scratch = Scratch()

    func crasher(_ arguments: [String], log: String) throws -> Tools.Run {
        try Tools.run(
            Tools.crasher, arguments, environment: ["RESTORATION_DEBUG": "1", "RESTORATION_DEBUG_LOG": log])
    }

    @Test(
        "R10: a real process writes the archive and its markers 0600 in a 0700 directory, even with umask 000"
    )
    func modesWhateverTheUmask() throws {
        let state = scratch.file("xdg/state/crasher")
        let saved = try Tools.run(
            "/bin/sh", ["-c", "umask 000; exec \"$0\" save \"$1\" secret", Tools.crasher, state])
        #expect(saved.lines == ["saved secret"], "\(saved)")
        #expect(Scratch.mode(of: state) == 0o700)
        #expect(Scratch.mode(of: state + "/restoration.archive") == 0o600)
        // A launch that dies after restoring leaves its launch history behind: 0600 too.
        let dying = try Tools.run(
            "/bin/sh",
            [
                "-c", "umask 000; exec \"$0\" launch \"$1\" --crash after-restore --how kill", Tools.crasher,
                state,
            ])
        #expect(dying.signalled, "\(dying)")
        #expect(Scratch.listing(state) == ["restoration.archive", "restoration.launches"])
        #expect(Scratch.mode(of: state + "/restoration.launches") == 0o600)
        #expect(Scratch.mode(of: state + "/restoration.archive") == 0o600)
    }

    @Test(
        "R15: a real launch whose archive names an unregistered restoration class creates nothing for it, with a diagnostic"
    )
    func unregisteredClass() throws {
        let state = scratch.file("state")
        let log = scratch.file("debug.log")
        #expect(try crasher(["save", state, "ledger"], log: log).lines == ["saved ledger"])
        let launch = try crasher(["launch", state, "--unregistered"], log: log)
        #expect(launch.lines == ["restored ledger without detail"], "\(launch)")
        #expect(
            try String(contentsOfFile: log, encoding: .utf8)
                == "restoration: not restored: Root/Detail: restoration class 'DetailRestorer' is not registered with the application; nothing is created for it or below it\n"
        )
    }

    @Test(
        "R18, R23: a real launch with an archive over the string limit starts fresh, says why, and keeps the file aside"
    )
    func overLimitArchive() throws {
        let state = scratch.file("state")
        let log = scratch.file("debug.log")
        #expect(
            try crasher(["save", state, "ledger", "--payload-bytes", "100000"], log: log).lines == [
                "saved ledger"
            ])
        let original = try #require(Scratch.bytes(of: state + "/restoration.archive"))
        let launch = try crasher(["launch", state, "--max-string-bytes", "65536"], log: log)
        #expect(launch.exitedNormally && launch.lines == ["fresh"], "\(launch)")
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.hasPrefix("restoration: archive discarded: "), "\(text)")
        #expect(text.contains("length 100000 over limit 65536 at offset "), "\(text)")
        #expect(Scratch.bytes(of: state + "/restoration.archive.discarded") == original)
    }

    /// The repository's root, found from this file.
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    @Test("H6: SQL reaches SQLite only from SQLiteDatabase, as StaticString literals with bound parameters")
    func sqlIsLiteral() throws {
        // The core (the store) and the terminal app on it (rule C7).
        let sources = Self.repository.appendingPathComponent("Sources")
        let files = try ["HomepwnerCore", "Homepwner"].flatMap { target in
            try #require(FileManager.default.enumerator(atPath: sources.appendingPathComponent(target).path))
                .compactMap { $0 as? String }.map { "\(target)/\($0)" }
        }
        .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 5)
        #expect(files.contains("HomepwnerCore/Store/SQLiteDatabase.swift"))
        // Every SQLite entry point that takes SQL text.
        let sqlEntryPoints = [
            "sqlite3_prepare", "sqlite3_exec", "sqlite3_mprintf", "sqlite3_vmprintf", "sqlite3_snprintf",
            "sqlite3_get_table",
        ]
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let code = text.split(separator: "\n").filter {
                !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
            }
            let uses = code.filter { line in sqlEntryPoints.contains { line.contains($0) } }
            if file == "HomepwnerCore/Store/SQLiteDatabase.swift" {
                // prepare_v3 of a StaticString; exec of a StaticString script, and of ROLLBACK.
                #expect(uses.count == 3, "\(uses)")
                #expect(!code.contains { $0.contains("sql: String") })
                for function in ["query", "execute", "integer", "text", "executeScript", "prepare"] {
                    #expect(
                        code.contains {
                            $0.contains("func \(function)(") && $0.contains("_ sql: StaticString")
                        }
                            || code.contains { $0.contains("func \(function)(_ sql: StaticString") }
                            || text.contains("func \(function)(\n        _ sql: StaticString"),
                        "\(function) must take its SQL as a StaticString")
                }
            } else {
                #expect(uses.isEmpty, "\(file) passes SQL to SQLite directly: \(uses)")
            }
        }
    }

    @Test("H6: hostile names are stored and read back verbatim, and the table survives them")
    func hostileNames() throws {
        let names = [
            "'); DROP TABLE items;--", "Robert'); DELETE FROM items; --", "\" OR 1=1 --", "%s%n%x", "a\u{0}b",
            "'; ATTACH DATABASE '\(scratch.file("attached"))' AS x; --", "书架'); DROP TABLE items;--",
        ]
        let paths = HomepwnerPaths(dataDirectory: scratch.file("data"), stateDirectory: scratch.file("state"))
        do {
            let store = try ItemStore(paths: paths)
            for name in names {
                try store.createItem(name: name, serialNumber: name, valueInDollars: 1)
            }
            let item = try #require(try store.allItems().first)
            var renamed = item
            renamed.name = "x' WHERE 1=1; --"
            try store.update(renamed)
        }
        let reopened = try ItemStore(paths: paths)
        let items = try reopened.allItems()
        #expect(items.map(\.name) == ["x' WHERE 1=1; --"] + names.dropFirst())
        #expect(items.map(\.serialNumber) == names)
        #expect(try reopened.count() == names.count)
        #expect(!FileManager.default.fileExists(atPath: scratch.file("attached")))
    }
}
