import RestorationTesting
import StateRestoration
import TestSupport
import Testing

@testable import TerminalKit

/// What a key tells the engine (rule P1), through the fruit app's real key path: the
/// objects it changed, whose records the next continuous save encodes again (the save
/// report's `encodedPaths`), every other record copied from the last save; everything
/// where the responder that took the key does not report its changes; and, under the
/// check against a full pass, never a change left unsaid.
@Suite("P1: a key names the objects it changed")
@MainActor
struct KeyChangesTests {
    private nonisolated static let list = "NavigationController/FruitListViewController"
    private nonisolated static let detail = "NavigationController/FruitDetailViewController"

    /// The fruit app on 30 fruits, continuous saves 100 ms after the last key, on the run
    /// loop's clock; its first save (a full one) made.
    private func launch(storage: InMemoryStorage = InMemoryStorage()) -> FruitLaunch {
        let app = FruitLaunch(
            fruits: 30, storage: storage, scheduler: nil, continuousDelay: .milliseconds(100))
        app.press(.down)
        _ = save(app)
        return app
    }

    /// Lets the debounce fire and the write land; fails on a change not said. Returns the
    /// paths the save encoded, or nil if nothing was saved.
    private func save(_ app: FruitLaunch, sourceLocation: SourceLocation = #_sourceLocation) -> [String]? {
        app.terminal.advanceTime(by: .milliseconds(150))
        app.application.processEvents()
        app.application.engine.waitForPendingWrites()
        expectEveryChangeSaid(app.application, sourceLocation: sourceLocation)
        return app.application.engine.lastPreservationReport?.encodedPaths.map(\.description)
    }

    @Test("P1, R26: a letter typed in a text field names the field and its controller, nothing else")
    func typedLetter() throws {
        let storage = InMemoryStorage()
        let app = launch(storage: storage)
        app.press(.enter)
        _ = save(app)
        app.type("x")
        #expect(save(app) == ["\(Self.detail)/name", Self.detail])
        let archive = try Archive(fileBytes: try #require(storage[.archive]))
        let name = archive.records.first { $0.path.description == "\(Self.detail)/name" }
        let field = try #require((app.navigation?.topViewController as? FruitDetailViewController)?.nameField)
        #expect(field.text.hasSuffix("x"))
        #expect(name?.entries.first { $0.key == "text" }?.value == .string(field.text))
    }

    @Test("P1: ↓ names the table and its controller")
    func downInTable() {
        let app = launch()
        app.press(.down)
        #expect(save(app) == ["\(Self.list)/table", Self.list])
    }

    @Test(
        "P1: Enter pushes a screen: the navigation controller is named, the new screen saved with its fields")
    func enterPushes() {
        let app = launch()
        app.press(.enter)
        #expect(
            save(app) == [
                "NavigationController", Self.detail, "\(Self.detail)/name", "\(Self.detail)/price",
                "\(Self.list)/table", Self.list,
            ])
    }

    @Test("P1: Tab names the controllers that save the focus; ← in the field then names the field")
    func tabThenLeft() {
        let app = launch()
        app.press(.enter)
        _ = save(app)
        app.press(.tab)
        #expect(save(app) == [Self.detail, "NavigationController"])
        app.press(.left)
        #expect(save(app) == ["\(Self.detail)/price", Self.detail])
    }

    @Test("P1: a key a controller's own command takes (Esc, back) makes a full save")
    func commandSavesEverything() throws {
        let app = launch()
        app.press(.enter)
        _ = save(app)
        app.press(.escape)
        let encoded = save(app)
        let report = try #require(app.application.engine.lastPreservationReport)
        #expect(encoded?.count == report.savedPaths.count)
        #expect(encoded?.contains("\(Self.list)/table") == true)
    }

    @Test("P1, R26: a key no responder takes names nothing, and nothing is written")
    func unusedKey() {
        let storage = InMemoryStorage()
        let app = launch(storage: storage)
        let writes = storage.writeCount
        app.press(Key(.function(5)))
        _ = save(app)
        #expect(app.application.engine.hasPendingSave == false)
        #expect(storage.writeCount == writes)
    }

    @Test("P1: 300 random keys, each saved after it (most incrementally), leave no change unsaid")
    func randomKeys() throws {
        let keys: [Key] = [
            .up, .down, .enter, .escape, .tab, .backTab, .left, .right, .home, .end, .backspace,
            .character("a"), .character("7"), .ctrl("n"), .pageDown,
        ]
        let storage = InMemoryStorage()
        let app = launch(storage: storage)
        var generator = SplitMix64(seed: 32)
        var incremental = 0
        for _ in 0..<300 {
            app.press(keys.randomElement(using: &generator) ?? .down)
            let encoded = save(app)
            let saved = try #require(app.application.engine.lastPreservationReport).savedPaths.count
            if let encoded, encoded.count < saved { incremental += 1 }
        }
        // The check ran beside each incremental save (a full pass each): enough of them.
        #expect(incremental >= 100)
    }
}
