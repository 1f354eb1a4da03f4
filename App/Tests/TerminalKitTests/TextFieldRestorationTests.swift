import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

@Suite("Text field: what a relaunch brings back")
@MainActor
struct TextFieldRestorationTests {
    /// One launch of a form with one field, 16 columns wide (the field is 8 of them), on
    /// `storage`, restoring what it holds.
    @MainActor
    private final class Launch {
        let field = TextField(placeholder: "type here")
        let launch: ViewLaunch
        var terminal: HeadlessTerminal { launch.terminal }
        var application: Application { launch.application }

        init(storage: InMemoryStorage) throws {
            launch = try launchRestoringForm(of: field, size: Size(width: 16, height: 4), storage: storage)
        }
    }

    @Test(
        "X1, R16: a field left scrolled comes back scrolled the same, though the text would now fit unscrolled"
    )
    func scrollComesBack() throws {
        let storage = InMemoryStorage()
        let first = try Launch(storage: storage)
        // Eight columns of text and the cursor after them need nine: the field scrolls by
        // one. ← moves the cursor back into the text, and the field stays as it is.
        first.terminal.type("abcdefgh")
        first.launch.press(.left)
        #expect(first.terminal.text.hasPrefix(" Name  bcdefgh\n"))
        #expect(first.terminal.cursor == Point(x: 13, y: 0))
        first.launch.saveAndSuspend()

        // A relaunch once showed "abcdefgh", with the cursor one column further right.
        let second = try Launch(storage: storage)
        #expect(second.field.text == "abcdefgh")
        #expect(second.field.cursorPosition == 7)
        #expect(second.terminal.text == first.terminal.text)
        #expect(second.terminal.cursor == first.terminal.cursor)
        // Home scrolls back to the start, as in the live app.
        second.terminal.press(.home)
        second.application.processEvents()
        #expect(second.terminal.text.hasPrefix(" Name  abcdefgh\n"))
    }

    @Test("R16: a scroll past the cursor in an archive is taken as the cursor, and the field shows it")
    func hostileScroll() throws {
        let storage = InMemoryStorage()
        let first = try Launch(storage: storage)
        first.terminal.type("abcdefgh")
        first.launch.press(.left)
        first.launch.saveAndSuspend()
        try editArchive(in: storage, identifier: "name") { entries in
            #expect(entries.contains { $0.key == "scroll" })
            entries.set("scroll", to: .int(1_000_000))
        }

        let second = try Launch(storage: storage)
        #expect(second.field.text == "abcdefgh")
        // The cursor (7) shows: the field scrolled only as far as it.
        #expect(second.terminal.cursor?.y == 0)
        #expect(second.terminal.text.hasPrefix(" Name  "))
        #expect(second.terminal.screen.checkInvariants())
    }
}
