import Foundation
import StateRestoration
import TerminalKit
import TerminalKitFuzzing

/// `terminalkit-demo --restoration-fuzz [--steps N] [--seed S]`: the demo checked after
/// every step (rule X1), on a scratch state directory; `make restoration-fuzz` runs it.
/// Not in the usage text: it is a test of the demo, not a feature of it.
@MainActor
enum DemoRestorationFuzz {
    static let keys: [Key] = [
        .up, .down, .up, .down, .enter, .enter, .escape, .escape, .tab, .left, .right, .home, .end,
        .backspace, .delete, .character("a"), .character("e"), .character("x"), .character("3"),
        .character("苹"), .character(" "), Key(.up, modifiers: .shift), Key(.down, modifiers: .shift),
        // The tabs, the panes, the text view's selection and pasteboard (T1–T4).
        .ctrl("t"), .ctrl("o"), Key(.left, modifiers: .shift), Key(.right, modifiers: .shift),
        Key(.character("x"), modifiers: .alt), Key(.character("v"), modifiers: .alt), .pageDown,
    ]

    static func run(_ arguments: some Collection<String>) -> Int32 {
        let directory = NSTemporaryDirectory() + "/terminalkit-demo-fuzz-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return RestorationFuzzCommand.run(
            name: "terminalkit-demo", arguments: arguments, target: target(directory: directory))
    }

    /// The demo on a scratch state directory, emptied at each reset.
    static func target(directory: String) -> TerminalFuzzTarget {
        TerminalFuzzTarget(
            keys: keys, pastes: ["Milk", "茶 2"],
            sizes: [Size(width: 60, height: 12), Size(width: 36, height: 8), Size(width: 130, height: 20)],
            reset: {
                if FileManager.default.fileExists(atPath: directory) {
                    try FileManager.default.removeItem(atPath: directory)
                }
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            },
            launch: { terminal, storage in
                let store = ShoppingStore(directory: URL(fileURLWithPath: directory))
                var configuration = RestorationConfiguration(
                    appName: "terminalkit-demo", appVersion: "1.0", continuousPreservationDelay: .seconds(1),
                    debugOutput: .off)
                // Each incremental save checked against a full pass (rule P1).
                configuration.checksIncrementalSaves = true
                let application = Application(
                    delegate: DemoAppDelegate(store: store, fresh: false), driver: terminal,
                    configuration: configuration, storage: storage)
                try application.launch()
                return application
            })
    }
}
