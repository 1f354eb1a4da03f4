import Foundation
import HomepwnerCore
import Testing

/// The UI-free core on its own (rule C7). This target depends on HomepwnerCore and nothing
/// else (App/Package.swift): no TerminalKit, no engine. What it does here, a desktop app
/// can do too.
@Suite("C7: the UI-free core")
struct CoreTests {
    /// The core's sources, found from this file.
    static var coreSources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/HomepwnerCore")
    }

    @Test("C7: the core builds and works without TerminalKit")
    func storeWithoutUI() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("homepwner-core-tests-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = HomepwnerPaths(dataDirectory: directory + "/data", stateDirectory: directory + "/state")

        let store = try ItemStore(paths: paths)
        let added = try store.createItem(
            name: "Lamp 台灯", serialNumber: "7Q3X9", valueInDollars: 1_234, notes: "Bought\nin spring")
        let conflicts = try store.update(
            key: added.key, changes: ItemChanges(valueInDollars: 1_500),
            base: ItemChanges(valueInDollars: 1_234))
        #expect(conflicts.isEmpty)

        // Another connection, as a second app on the same store would open it.
        let reopened = try ItemStore(paths: paths)
        #expect(try reopened.count() == 1)
        let read = try #require(try reopened.item(forKey: added.key))
        #expect(read.name == "Lamp 台灯")
        #expect(read.serialNumber == "7Q3X9")
        #expect(read.valueInDollars == 1_500)
        #expect(read.notes == "Bought\nin spring")
        #expect(read.dateCreated == added.dateCreated)
        #expect(try reopened.summary().totalValue == 1_500)
        #expect(FileManager.default.fileExists(atPath: paths.databasePath))
    }

    @Test("C7: no file of the core imports a UI module")
    func noUIImports() throws {
        let root = Self.coreSources
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap {
            $0 as? String
        }
        .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20, "found \(files.count) Swift files under \(root.path)")
        let forbidden = ["TerminalKit", "CTerminal", "StateRestoration", "Homepwner"]
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { continue }
                let module = String(words[index + 1])
                #expect(!forbidden.contains(module), "\(file): \(line)")
            }
        }
    }
}
