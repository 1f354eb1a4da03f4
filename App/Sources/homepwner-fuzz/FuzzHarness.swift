import Foundation
import Homepwner
import HomepwnerCore
import StateRestoration

/// One item store, opened once on a scratch data directory and reused by every input, and
/// the launch of one input through ``HomepwnerProbe``.
///
/// The store holds the items of the golden archives (`App/Tests/Golden/format-1`, so that
/// the seed corpus restores its detail screens) and eight of the book's random items. What
/// a launch adds to it (a New Item screen's item, made for a recipe that asks for one) is
/// deleted after the launch, so every input sees the same items.
@MainActor
enum FuzzHarness {
    /// What the replay driver prints.
    struct Summary: CustomStringConvertible {
        var inputs = 0
        var recipes = 0
        var failedLaunches = 0
        var restoredLaunches = 0
        var diagnostics = 0
        var detailScreens = 0
        /// Launches that show neither the list, a detail screen nor the Summary tab (a blank
        /// navigation controller, say): not a crash, but not a screen Homepwner ever saves.
        var otherScreens = 0

        mutating func add(_ run: Run) {
            inputs += 1
            if run.wasRecipe { recipes += 1 }
            guard let outcome = run.outcome else {
                failedLaunches += 1
                return
            }
            if !outcome.diagnostics.contains(where: { $0.contains("archive discarded") }) {
                restoredLaunches += 1
            }
            diagnostics += outcome.diagnostics.count
            if outcome.screen.contains("Serial") {
                detailScreens += 1
            } else if !outcome.screen.contains("Homepwner"), !FuzzHarness.isSummary(outcome.screen) {
                otherScreens += 1
            }
        }

        var description: String {
            "homepwner-fuzz: \(inputs) inputs (\(recipes) recipes): \(restoredLaunches) restored without "
                + "discarding the archive, \(detailScreens) on a detail screen, \(otherScreens) on none of the "
                + "list, a detail screen and the Summary, \(diagnostics) diagnostics, "
                + "\(failedLaunches) launches that threw"
        }
    }

    /// One input's launch.
    struct Run {
        var wasRecipe: Bool
        /// The archive bytes launched (a recipe's archive, or the input resealed).
        var archive: [UInt8]
        /// Nil when the launch threw (the terminal or the storage refused).
        var outcome: HomepwnerProbe.Outcome?
    }

    /// The store and what it held when prepared.
    final class Prepared {
        let directory: String
        let store: ItemStore
        let keys: [UUID]

        init(directory: String, store: ItemStore, keys: [UUID]) {
            self.directory = directory
            self.store = store
            self.keys = keys
        }
    }

    private static var prepared: Prepared?

    /// `HOMEPWNER_FUZZ_SCREENS=1`: a launch whose frame is neither the list nor a detail
    /// screen (every screen Homepwner saves is one of them) traps, so that libFuzzer keeps
    /// it as a finding.
    static let checksScreens = ProcessInfo.processInfo.environment["HOMEPWNER_FUZZ_SCREENS"] == "1"

    /// `HOMEPWNER_FUZZ_MODE=recipes`: every input is a recipe, with or without the marker
    /// (`scripts/fuzz-app` with `MODE=recipes`), so that no mutation leaves the mode.
    static let recipesOnly = ProcessInfo.processInfo.environment["HOMEPWNER_FUZZ_MODE"] == "recipes"

    /// `HOMEPWNER_FUZZ_DIR`, or a directory of this process under the temporary directory.
    static var directory: String {
        if let directory = ProcessInfo.processInfo.environment["HOMEPWNER_FUZZ_DIR"], !directory.isEmpty {
            return directory
        }
        return NSTemporaryDirectory() + "homepwner-fuzz-\(ProcessInfo.processInfo.processIdentifier)"
    }

    /// The prepared store, made on first use. A store that cannot be made stops the process:
    /// no input could run.
    static func prepare() -> Prepared {
        if let prepared { return prepared }
        let directory = Self.directory
        let made: Prepared
        do {
            try? FileManager.default.removeItem(atPath: directory)
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let store = try ItemStore(
                paths: HomepwnerPaths(
                    dataDirectory: directory + "/data", stateDirectory: directory + "/state"))
            try store.insert(goldenItems(scratch: directory + "/golden"))
            var generator = SeededRandomNumberGenerator(seed: 2026)
            try store.insertRandomItems(8, using: &generator)
            made = Prepared(directory: directory, store: store, keys: try store.orderedKeys())
        } catch {
            FileHandle.standardError.write(
                Data("homepwner-fuzz: cannot prepare the store in \(directory): \(error)\n".utf8))
            exit(70)
        }
        prepared = made
        return made
    }

    /// The items of the golden archives' data directories, read from copies (opening a
    /// store writes beside it), without duplicates. None when the sources are not there.
    static func goldenItems(scratch: String) throws -> [Item] {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/Golden/format-1").path
        let scenarios = (try? FileManager.default.contentsOfDirectory(atPath: golden)) ?? []
        var items: [Item] = []
        for (index, scenario) in scenarios.sorted().enumerated() {
            let database = golden + "/" + scenario + "/data/items.sqlite"
            guard FileManager.default.fileExists(atPath: database) else { continue }
            let copy = scratch + "/\(index)"
            try FileManager.default.createDirectory(
                atPath: copy + "/data", withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try FileManager.default.copyItem(atPath: database, toPath: copy + "/data/items.sqlite")
            let store = try ItemStore(
                paths: HomepwnerPaths(dataDirectory: copy + "/data", stateDirectory: copy + "/state"))
            for item in try store.allItems() where !items.contains(where: { $0.key == item.key }) {
                items.append(item)
            }
        }
        try? FileManager.default.removeItem(atPath: scratch)
        return items
    }

    /// Launches Homepwner from `input` on the prepared store and a new in-memory state
    /// directory, then deletes what the launch added to the store.
    static func run(_ input: [UInt8]) -> Run {
        let prepared = prepare()
        let isRecipe = recipesOnly || input.first == Recipe.marker
        var provisional: UUID?
        let bytes: [UInt8]
        if isRecipe {
            let decisions = input.first == Recipe.marker ? input.dropFirst() : input[...]
            var recipe = Recipe(decisions, itemKeys: prepared.keys)
            if recipe.wantsNewItem { provisional = try? prepared.store.createProvisionalItem().key }
            bytes = recipe.archive(provisionalKey: provisional).encodedBytes()
        } else {
            bytes = Reseal.resealed(input)
        }
        let outcome = try? HomepwnerProbe.launch(
            archive: bytes, store: prepared.store, storage: HomepwnerProbe.MemoryStorage(), debugOutput: .off)
        restore(prepared, provisional: provisional)
        // The list, an item (beside it or over it), a New Item screen, or the Summary tab.
        if checksScreens, let screen = outcome?.screen, !screen.contains("Serial"),
            !screen.contains("Homepwner"), !isSummary(screen)
        {
            fatalError("the launch shows neither the list, an item nor the Summary:\n\(screen)")
        }
        return Run(wasRecipe: isRecipe, archive: bytes, outcome: outcome)
    }

    /// True for the Summary tab: its bar names it and its first row counts the items.
    nonisolated static func isSummary(_ screen: String) -> Bool {
        screen.contains("Summary") && screen.contains(" Items ")
    }

    /// Deletes the items a launch added: the provisional one, and any other.
    private static func restore(_ prepared: Prepared, provisional: UUID?) {
        if let provisional {
            _ = try? prepared.store.deleteProvisionalItem(withKey: provisional)
            _ = try? prepared.store.deleteItem(withKey: provisional)
        }
        guard let keys = try? prepared.store.orderedKeys(), keys.count != prepared.keys.count else { return }
        for key in keys where !prepared.keys.contains(key) {
            _ = try? prepared.store.deleteItem(withKey: key)
        }
    }

    /// Removes the scratch directory.
    static func tearDown() {
        if let prepared { try? FileManager.default.removeItem(atPath: prepared.directory) }
        prepared = nil
    }
}
