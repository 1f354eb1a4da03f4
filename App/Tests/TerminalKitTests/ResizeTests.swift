import Testing

@testable import TerminalKit

@Suite("Resize")
@MainActor
struct ResizeTests {
    @Test(
        "H11: a resize lays the screen out again, exactly as a launch at that size",
        arguments: [Size(width: 40, height: 12), Size(width: 200, height: 60)])
    func resize(to size: Size) {
        let resized = FruitLaunch(
            fruits: 80, size: Size(width: 80, height: 24))
        resized.press(.down, times: 5)
        resized.terminal.resize(to: size)
        resized.application.processEvents()
        let fresh = FruitLaunch(fruits: 80, size: size)
        fresh.press(.down, times: 5)
        #expect(resized.screen == fresh.screen)
        #expect(resized.terminal.screen.size == size)
        let lines = resized.screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == size.height)
        #expect(lines.last == "a Add  e Edit  ^C Quit")
        #expect(resized.terminal.highlightedLines.first?.hasPrefix(" Fig 5 ") == true)
    }

    @Test("H11: at 200x60 the bar spans the width and fifty-eight rows show")
    func wide() {
        let app = FruitLaunch(
            fruits: 80, size: Size(width: 200, height: 60))
        let lines = app.screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines[0] == String(repeating: " ", count: 97) + "Fruits" + String(repeating: " ", count: 92)
                + "Edit")
        #expect(lines[1] == " Apple 0" + String(repeating: " ", count: 189) + "$1")
        #expect(lines[58].hasPrefix(" Honeydew 57 "))
    }

    @Test("H11: at 40x12 the detail form fits, and the cursor follows the layout")
    func detailAt40x12() {
        let app = FruitLaunch(
            fruits: 3, size: Size(width: 80, height: 24))
        app.press(.enter)
        #expect(app.terminal.cursor == Point(x: 15, y: 1))
        app.terminal.resize(to: Size(width: 40, height: 12))
        app.application.processEvents()
        #expect(
            app.screen == """
                 ‹ Fruits       Apple 0
                 Name   Apple 0
                 Price  1








                ^N New  Esc Back  ^C Quit
                """)
        #expect(app.terminal.cursor == Point(x: 15, y: 1))
    }

    @Test("A 1x1 terminal draws nothing broken, keys still work, and a resize recovers")
    func tiny() {
        let app = FruitLaunch(fruits: 20)
        app.terminal.resize(to: Size(width: 1, height: 1))
        app.application.processEvents()
        #expect(app.terminal.screen.size == Size(width: 1, height: 1))
        #expect(app.terminal.screen.checkInvariants())
        #expect(app.screen.count <= 1)
        app.press(.down, .down, .enter)
        app.type("中文")
        #expect(app.terminal.screen.checkInvariants())
        #expect(app.terminal.cursor.map { $0 == .zero } ?? true)
        app.terminal.resize(to: Size(width: 40, height: 12))
        app.application.processEvents()
        #expect(app.screen.hasPrefix(" ‹ Fruits       Cherry 2\n Name   Cherry 2中文\n"))
        #expect(app.terminal.cursor == Point(x: 20, y: 1))
    }
}
