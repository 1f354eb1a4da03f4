import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

/// A screen that is a scroll view over a label of numbered lines, 60 columns wide:
/// `007:abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz0123`.
@MainActor
final class LinesController: ViewController {
    let scrollView: ScrollView

    static func line(_ number: Int) -> String {
        let digits = String(number)
        let alphabet = "abcdefghijklmnopqrstuvwxyz"
        return String(repeating: "0", count: max(0, 3 - digits.count)) + digits + ":"
            + String((alphabet + alphabet + "0123").prefix(56))
    }

    init(lines: Int) {
        let label = Label((0..<lines).map(Self.line).joined(separator: "\n"))
        scrollView = ScrollView(contentView: label, contentSize: Size(width: 60, height: lines))
        super.init()
        restorationIdentifier = "Lines"
        scrollView.restorationIdentifier = "scroll"
    }

    override func loadView() {
        view = scrollView
    }
}

/// A scroll view over a million rows it draws itself, recording what it was asked to draw.
@MainActor
final class MillionRowsView: ScrollView {
    var drawnRows = 0
    var lastVisibleRect: Rect?

    override func drawContent(in canvas: Canvas, visibleRect: Rect) {
        lastVisibleRect = visibleRect
        for y in visibleRect.minY..<visibleRect.maxY {
            canvas.text("row \(y)", at: Point(x: 0, y: y))
            drawnRows += 1
        }
    }
}

@MainActor
private func launchLines(
    _ size: Size, lines: Int = 100, storage: InMemoryStorage = InMemoryStorage()
) throws -> (ViewLaunch, ScrollView) {
    let controller = LinesController(lines: lines)
    return (try ViewLaunch(root: controller, size: size, storage: storage), controller.scrollView)
}

/// Launches the lines on fresh storage, lets `act` scroll, and saves: the storage to
/// relaunch from, and the scroll view and the screen as they were saved.
@MainActor
private func savedLines(
    _ size: Size, _ act: (ViewLaunch, ScrollView) -> Void
) throws -> (storage: InMemoryStorage, scrollView: ScrollView, screen: String) {
    let storage = InMemoryStorage()
    let (launch, scrollView) = try launchLines(size, storage: storage)
    act(launch, scrollView)
    launch.saveAndSuspend()
    return (storage, scrollView, launch.terminal.text)
}

/// True if the screen shows the content scrolled to `offset`: each visible row the
/// content's line cut to the visible part.
@MainActor
private func showsLines(_ launch: ViewLaunch, _ scrollView: ScrollView, lines: Int = 100) -> Bool {
    let visible = scrollView.visibleSize
    let offset = scrollView.contentOffset
    return (0..<visible.height).allSatisfy { y in
        let number = offset.y + y
        let expected =
            number < lines
            ? String(LinesController.line(number).dropFirst(offset.x).prefix(visible.width)) : ""
        let shown = String(launch.terminal.screen.line(y).prefix(visible.width))
        return shown.trimmingSuffixSpaces == expected
    }
}

extension String {
    fileprivate var trimmingSuffixSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

@Suite("T3: scroll view")
@MainActor
struct ScrollViewTests {
    @Test(
        "T3: arrows, PgUp/PgDn and Home/End scroll, and the indicators show where",
        arguments: ViewLaunch.sizes)
    func keysScroll(size: Size) throws {
        let (launch, scrollView) = try launchLines(size)
        let visible = scrollView.visibleSize
        // 40x12: both bars (60 columns in 39); 120x40: the vertical one only.
        let wide = size.width == 40
        #expect(visible == Size(width: size.width - 1, height: size.height - 1 - (wide ? 1 : 0)))
        #expect(launch.application.window.firstResponder === scrollView)
        #expect(showsLines(launch, scrollView))
        let bar = visible.width
        #expect(launch.terminal.screen[bar, 0].character == "█")
        #expect(launch.terminal.screen[bar, visible.height - 1].character == "│")

        launch.press(.down, times: 3)
        #expect(scrollView.contentOffset == Point(x: 0, y: 3))
        #expect(launch.terminal.screen.line(0).hasPrefix("003:abc"))
        launch.press(.pageDown)
        #expect(scrollView.contentOffset.y == 3 + visible.height - 1)
        #expect(showsLines(launch, scrollView))
        launch.press(.end)
        #expect(scrollView.contentOffset.y == 100 - visible.height)
        #expect(launch.terminal.screen.line(visible.height - 1).hasPrefix("099:"))
        #expect(launch.terminal.screen[bar, 0].character == "│")
        #expect(launch.terminal.screen[bar, visible.height - 1].character == "█")
        launch.press(.down)
        #expect(scrollView.contentOffset.y == 100 - visible.height)
        launch.press(.pageUp)
        #expect(scrollView.contentOffset.y == 100 - visible.height - (visible.height - 1))
        launch.press(.home)
        #expect(scrollView.contentOffset == .zero)

        launch.press(.right, times: 4)
        if wide {
            #expect(scrollView.contentOffset == Point(x: 4, y: 0))
            #expect(launch.terminal.screen.line(0).hasPrefix("abcdefgh"))
            // The horizontal bar, under the rows: its thumb left the start.
            #expect(launch.terminal.screen[0, visible.height].character == "─")
            launch.press(.right, times: 100)
            #expect(scrollView.contentOffset.x == 60 - visible.width)
            #expect(launch.terminal.screen[visible.width - 1, visible.height].character == "█")
        } else {
            // Nothing to scroll sideways: → travels on.
            #expect(scrollView.contentOffset == .zero)
        }
        #expect(showsLines(launch, scrollView))
    }

    @Test(
        "T3: the offset comes back after a relaunch, and so does the screen", arguments: ViewLaunch.sizes)
    func relaunch(size: Size) throws {
        let (storage, scrollView, screen) = try savedLines(size) { launch, _ in
            launch.press(.down, times: 40)
            launch.press(.right, times: 5)
        }
        let offset = scrollView.contentOffset
        #expect(offset.y == 40)

        let (second, restored) = try launchLines(size, storage: storage)
        #expect(restored.contentOffset == offset)
        #expect(second.terminal.text == screen)
        #expect(second.terminal.screen.line(0).hasPrefix(size.width == 40 ? "bcdefgh" : "040:abc"))
        #expect(showsLines(second, restored))
    }

    @Test(
        "T3: an offset past content that shrank is clamped at the relaunch: the end shows",
        arguments: ViewLaunch.sizes)
    func contentShrank(size: Size) throws {
        let (storage, _, _) = try savedLines(size) { launch, scrollView in
            launch.press(.end)
            #expect(scrollView.contentOffset.y == 100 - scrollView.visibleSize.height)
        }

        let (second, restored) = try launchLines(size, lines: 30, storage: storage)
        let visible = restored.visibleSize
        #expect(restored.contentOffset == Point(x: 0, y: max(0, 30 - visible.height)))
        #expect(showsLines(second, restored, lines: 30))
        let last = min(30, visible.height) - 1
        #expect(second.terminal.screen.line(last).hasPrefix("029:"))
        #expect(second.terminal.screen.line(last + 1).hasPrefix("0") == false)
    }

    @Test(
        "T3: a hostile archive's negative or huge offset is clamped to the content",
        arguments: ViewLaunch.sizes)
    func hostileOffset(size: Size) throws {
        let (storage, _, _) = try savedLines(size) { launch, _ in launch.press(.down, times: 2) }
        try editArchive(in: storage, identifier: "scroll") { entries in
            entries.set("offsetX", to: .int(.max))
            entries.set("offsetY", to: .int(-7))
        }
        let (second, restored) = try launchLines(size, storage: storage)
        let visible = restored.visibleSize
        #expect(restored.contentOffset == Point(x: max(0, 60 - visible.width), y: 0))
        #expect(showsLines(second, restored))
        second.press(.pageDown)
        #expect(restored.contentOffset.y == visible.height - 1)
        #expect(second.terminal.screen.checkInvariants())
    }

    @Test(
        "T3: drawn content is asked for the visible part only, a million rows as cheap as ten",
        arguments: ViewLaunch.sizes)
    func drawnContent(size: Size) throws {
        let view = MillionRowsView(contentSize: Size(width: 20, height: 1_000_000))
        let controller = ViewController()
        controller.view = view
        let launch = try ViewLaunch(root: controller, size: size)
        let visible = view.visibleSize
        #expect(visible == Size(width: size.width - 1, height: size.height - 1))
        #expect(launch.terminal.screen.line(0).hasPrefix("row 0"))
        view.drawnRows = 0
        launch.press(.end)
        #expect(view.contentOffset.y == 1_000_000 - visible.height)
        #expect(
            view.lastVisibleRect
                == Rect(x: 0, y: 1_000_000 - visible.height, width: 20, height: visible.height))
        #expect(view.drawnRows == visible.height)
        #expect(launch.terminal.screen.line(visible.height - 1).hasPrefix("row 999999"))
        #expect(launch.terminal.screen[visible.width, visible.height - 1].character == "█")
    }

    @Test(
        "T3: scrollRectToVisible scrolls as little as it takes; onScroll hears of each move",
        arguments: ViewLaunch.sizes)
    func scrollRectToVisible(size: Size) throws {
        let (launch, scrollView) = try launchLines(size)
        var scrolls: [Point] = []
        scrollView.onScroll = { scrolls.append($0.contentOffset) }
        let visible = scrollView.visibleSize
        scrollView.scrollRectToVisible(Rect(x: 0, y: 70, width: 10, height: 2))
        launch.application.processEvents()
        // Rows 70 and 71 at the bottom, not the top.
        #expect(scrollView.contentOffset == Point(x: 0, y: 72 - visible.height))
        #expect(launch.terminal.screen.line(visible.height - 1).hasPrefix("071:"))
        scrollView.scrollRectToVisible(Rect(x: 0, y: 71, width: 10, height: 1))
        #expect(scrolls == [Point(x: 0, y: 72 - visible.height)])
        launch.press(.up)
        #expect(scrolls.last == Point(x: 0, y: 71 - visible.height))
        #expect(scrolls.count == 2)
        scrollView.scrollRectToVisible(Rect(x: 0, y: 5, width: 1, height: 1))
        #expect(scrollView.contentOffset.y == 5)
    }

    @Test("T3: Tab to a field below the fold scrolls it into view", arguments: ViewLaunch.sizes)
    func focusScrolls(size: Size) throws {
        let form = FormView()
        let fields = (0..<60).map { TextField(text: "value \($0)") }
        for (number, field) in fields.enumerated() { form.addRow("f\(number)", field) }
        let scrollView = ScrollView(contentView: form, contentSize: Size(width: 30, height: 60))
        let controller = ViewController()
        controller.view = scrollView
        let launch = try ViewLaunch(root: controller, size: size)
        let visible = scrollView.visibleSize
        #expect(visible.height == size.height - 1)
        launch.press(.tab, times: 50)
        #expect(launch.application.window.firstResponder === fields[49])
        #expect(scrollView.contentOffset.y == 49 - visible.height + 1)
        #expect(launch.terminal.screen.line(visible.height - 1).hasPrefix(" f49"))
        #expect(launch.terminal.cursor?.y == visible.height - 1)
        // Back up: the field shows at the top.
        launch.press(.backTab, times: 45)
        #expect(scrollView.contentOffset.y == 4)
        #expect(launch.terminal.screen.line(0).hasPrefix(" f4 "))
    }
}
