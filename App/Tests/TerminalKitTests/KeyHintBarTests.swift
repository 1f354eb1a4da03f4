import Testing

@testable import TerminalKit

@Suite("TerminalKit: the footer's hints at a width")
@MainActor
struct KeyHintBarTests {
    private let hints = [
        KeyHint(key: .enter, title: "Open"), KeyHint(key: .character("a"), title: "Add"),
        KeyHint(key: .character("e"), title: "Edit"),
        KeyHint(key: .character("q"), title: "Quit", isEssential: true),
        KeyHint(key: .ctrl("c"), title: "Quit", isEssential: true),
    ]

    private func shown(_ width: Int) -> [String] {
        KeyHintBar.shown(hints, width: width).map { "\($0.label) \($0.title)" }
    }

    @Test("all fit: all, in order")
    func allFit() {
        #expect(shown(80) == ["Enter Open", "a Add", "e Edit", "q Quit", "^C Quit"])
    }

    @Test("narrow: the essential hint keeps its place at the end, the others go from the end, one Quit only")
    func narrow() {
        // "Enter Open  a Add  q Quit" is 25 columns; "e Edit" would make it 33.
        #expect(shown(30) == ["Enter Open", "a Add", "q Quit"])
        #expect(shown(18) == ["Enter Open", "q Quit"])
        #expect(shown(6) == ["q Quit"])
        #expect(shown(5).isEmpty)
    }

    @Test("without essential hints, the first that does not fit ends the line, as before")
    func plain() {
        let plain = hints.map { KeyHint(key: $0.key ?? .enter, title: $0.title) }
        // "Enter Open  a Add  e Edit" is 24 columns; "q Quit" would make it 32.
        #expect(KeyHintBar.shown(plain, width: 30).map(\.title) == ["Open", "Add", "Edit"])
    }
}
