import RestorationTesting
import TestSupport
import Testing

@testable import TerminalKit

@Suite("Bad input")
@MainActor
struct RobustnessTests {
    /// Checks what a person would see broken: rows of the wrong width, half a wide
    /// character, a cursor off the screen.
    private func expectSaneScreen(_ terminal: HeadlessTerminal, _ comment: Comment? = nil) {
        let screen = terminal.screen
        #expect(screen.checkInvariants(), comment)
        let lines = screen.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == screen.size.height, comment)
        #expect(lines.allSatisfy { TextWidth.of($0) <= screen.size.width }, comment)
        if let cursor = screen.cursor {
            #expect(Rect(origin: .zero, size: screen.size).contains(cursor), comment)
        }
    }

    @Test(
        "10,000 random bytes, in random reads: no crash, a sane screen, and the app still answers",
        arguments: [1, 2, 3])
    func randomBurst(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let app = FruitLaunch(fruits: 25)
        var sent = 0
        while sent < 10_000 {
            let count = min(Int.random(in: 1...64, using: &random), 10_000 - sent)
            // Ctrl-C quits by design; everything else, Ctrl-Z included, is fair game.
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }.map {
                $0 == 0x03 ? 0x04 : $0
            }
            app.terminal.send(bytes: bytes)
            app.application.processEvents()
            sent += count
        }
        expectSaneScreen(app.terminal, "after the burst")
        #expect(app.application.state == .active)
        #expect(!app.terminal.decoder.hasPending)

        // Not stuck: Escape closes alerts, modals and pushed screens; the list answers.
        app.press(.escape, times: 12)
        if app.list?.isEditing == true { app.type("e") }
        #expect(app.navigation?.presentedViewController == nil)
        #expect(app.navigation?.viewControllers.count == 1)
        #expect(app.screen.hasPrefix("                 Fruits            Edit\n"))
        app.type("a")
        #expect(app.screen.hasPrefix(" Cancel        New Fruit           Done\n"))
        app.press(.escape)
        expectSaneScreen(app.terminal, "after recovering")
    }

    @Test("Unknown escape sequences between keys are ignored: only the real keys act")
    func unknownSequencesIgnored() {
        let app = FruitLaunch(fruits: 5)
        let reference = FruitLaunch(fruits: 5)
        app.terminal.send(
            bytes: Array("\u{1B}[99;1q\u{1B}[B\u{1B}[?1049h\u{1B}]0;title\u{7}\u{1B}[B\u{1B}[1;9Z".utf8))
        app.application.processEvents()
        reference.press(.down, .down)
        #expect(app.terminal.highlightedLines == reference.terminal.highlightedLines)
        #expect(app.terminal.highlightedLines == [" Cherry 2                            $3"])
    }

    @Test("A lone Escape at the end of a read is Escape once the input goes idle")
    func loneEscapeAtIdle() {
        let app = FruitLaunch(fruits: 2)
        app.press(.enter)
        #expect(app.navigation?.viewControllers.count == 2)
        app.terminal.send(bytes: [0x1B])
        app.application.processEvents()
        #expect(app.navigation?.viewControllers.count == 1)
    }
}
