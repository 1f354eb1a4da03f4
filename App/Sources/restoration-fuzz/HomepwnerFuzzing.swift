import Foundation
import Homepwner
import HomepwnerCore
import RestorationTesting
import TerminalKit
import TerminalKitFuzzing
import TestSupport

/// Homepwner as a ``TerminalFuzzTarget``: a scratch store of five items, reset before each
/// run and replay, and the keys a user presses (all but those that quit).
@MainActor
enum HomepwnerFuzzing {
    /// The items every run starts with.
    static let items: [(String, String, Int)] = [
        ("Shiny Spork", "4K2M9", 12), ("Rusty Bear", "0A1B2", 35), ("Fluffy Mac", "7Z9Y3", 99),
        ("毛茸茸的熊", "3C4D5", 1200), ("Shiny Bear", "8E8F1", 0),
    ]

    static let keys: [Key] = [
        .up, .down, .up, .down, .enter, .enter, .escape, .escape, .tab, .backTab, .left, .right, .home,
        .end, .backspace, .delete, .pageUp, .pageDown, .character("a"), .character("e"), .character("y"),
        .character("n"), .character("x"), .character("7"), .character("台"), .character(" "),
        Key(.up, modifiers: .shift), Key(.down, modifiers: .shift), .ctrl("u"), .ctrl("x"),
        // The panes and the tabs (rule T5), the search and the tabs by number (H20, H23).
        .ctrl("o"), .ctrl("t"), .character("/"), .character("1"), .character("2"),
    ]

    /// The target; its scratch directory lives as long as the process.
    static func target() -> TerminalFuzzTarget {
        let scratch = TemporaryDirectory(prefix: "restoration-fuzz")
        let paths = HomepwnerPaths(
            dataDirectory: scratch.path + "/data", stateDirectory: scratch.path + "/state")
        return TerminalFuzzTarget(
            keys: keys, pastes: ["Lamp", "台灯 42", "12"],
            sizes: [
                Size(width: 60, height: 12), Size(width: 40, height: 10), Size(width: 130, height: 20),
                // The bar of tabs and the New Item form sheet (H23).
                Size(width: 200, height: 24),
            ],
            reset: {
                _ = scratch
                if FileManager.default.fileExists(atPath: paths.dataDirectory) {
                    try FileManager.default.removeItem(atPath: paths.dataDirectory)
                }
                let store = try ItemStore(paths: paths)
                for (name, serial, value) in items {
                    try store.createItem(name: name, serialNumber: serial, valueInDollars: value)
                }
            },
            outsideChange: { seed in try outsideChange(seed, paths: paths) },
            launch: { terminal, storage in
                let context = HomepwnerContext(store: try ItemStore(paths: paths), colorEnabled: true)
                // Each incremental save checked against a full pass (rule P1).
                var configuration = HomepwnerApplication.configuration(debugOutput: .off)
                configuration.checksIncrementalSaves = true
                let application = HomepwnerApplication.makeApplication(
                    context: context, driver: terminal, storage: storage, configuration: configuration)
                try application.launch()
                return application
            })
    }

    /// Another process's edit, by the seed: `sqlite3`-like changes (adds, renames,
    /// deletes, moves, a serial, a value or the notes), or a second window that opens an
    /// item, types into its name or notes and commits (rule H16: the first window may have
    /// the same item open, with or without a draft of its own; a conflict it shows is
    /// restored as shown).
    static func outsideChange(_ seed: UInt64, paths: HomepwnerPaths) throws {
        let store = try ItemStore(paths: paths)
        let items = try store.allItems()
        let index = items.isEmpty ? 0 : Int(seed / 8 % UInt64(items.count))
        switch seed % 8 {
        case 4 where !items.isEmpty:
            try store.update(
                key: items[index].key,
                changes: ItemChanges(serialNumber: "S\(seed % 1000)", valueInDollars: Int(seed % 500)))
        case 5 where !items.isEmpty:
            try store.update(
                key: items[index].key, changes: ItemChanges(notes: "outside \(seed % 100)\nline two"))
        case 6, 7:
            try secondWindow(seed, paths: paths, row: index, notes: seed % 8 == 7)
        default:
            try sqliteChange(seed, store: store, items: items, index: index)
        }
    }

    private static func sqliteChange(_ seed: UInt64, store: ItemStore, items: [Item], index: Int) throws {
        switch seed % 4 {
        case 0:
            try store.createItem(name: "Outside \(seed % 100)", serialNumber: "OUT", valueInDollars: 5)
        case 1 where !items.isEmpty:
            try store.update(key: items[index].key, changes: ItemChanges(name: "Renamed \(seed % 100)"))
        case 2 where !items.isEmpty:
            _ = try store.deleteItem(withKey: items[index].key)
        case 3 where items.count > 1:
            try store.moveItem(from: index, to: (index + 1) % items.count)
        default:
            break
        }
    }

    /// A second Homepwner on the same store, headless: opens row `row`, types into the name
    /// (or the notes), waits past the commit, and quits.
    private static func secondWindow(_ seed: UInt64, paths: HomepwnerPaths, row: Int, notes: Bool) throws {
        let terminal = HeadlessTerminal(size: Size(width: 60, height: 12))
        let store = try ItemStore(paths: paths)
        // An instance of its own: its new items are its session's, not the first window's.
        store.session = "second-window"
        let context = HomepwnerContext(store: store, colorEnabled: true)
        let application = HomepwnerApplication.makeApplication(
            context: context, driver: terminal, storage: InMemoryStorage(),
            configuration: HomepwnerApplication.configuration(debugOutput: .off))
        try application.launch()
        for _ in 0..<row { terminal.press(.down) }
        terminal.press(.enter)
        if notes { for _ in 0..<4 { terminal.press(.tab) } }
        terminal.paste(" w\(seed % 10)")
        application.processEvents()
        for _ in 0..<30 {
            terminal.advanceTime(by: .milliseconds(50))
            application.processEvents()
        }
        application.quit()
    }
}
