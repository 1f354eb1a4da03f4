import Foundation
import HomepwnerCore
import Testing

/// A window is a session (rule G5): quitting keeps it for the next launch, closing the
/// window ends it.
@Suite("G5: homepwner-gtk's window and its session, end to end")
struct WindowSessionEndToEndTests {
    /// Launches on a store of three items and opens the second from the keyboard.
    private func launchOnSecondItem() throws -> DesktopSession {
        let session = try DesktopSession()
        let store = try ItemStore(paths: session.paths)
        for name in ["Shiny Bear", "Rusty Mac", "Fluffy Mac"] { try store.createItem(name: name) }
        try session.launch()
        try session.focus(try session.waitForWindow("Homepwner"))
        try session.key("Down", "Return")
        try session.waitForWindow("Rusty Mac")
        return session
    }

    @Test("G5: Ctrl-Q quits, keeping the window's session: the next launch shows the same item")
    func quitKeeps() throws {
        let session = try launchOnSecondItem()
        try session.key("ctrl+q")
        #expect(try session.waitForExit() == 0)
        #expect(session.sessionIDs.count == 1)
        try session.launch()
        try session.waitForWindow("Rusty Mac")
    }

    @Test("G5: SIGTERM saves as a quit does: exit 143, and the next launch shows the same item")
    func terminateKeeps() throws {
        let session = try launchOnSecondItem()
        session.signalApp(SIGTERM)
        #expect(try session.waitForExit() == 143)
        try session.launch()
        try session.waitForWindow("Rusty Mac")
    }

    @Test("G5: Ctrl-W closes the window and ends its session: the next launch starts on the list")
    func closeEnds() throws {
        let session = try launchOnSecondItem()
        #expect(session.sessionIDs.count == 1)
        try session.key("ctrl+w")
        #expect(try session.waitForExit() == 0)
        #expect(session.sessionIDs.isEmpty)
        try session.launch()
        try session.waitForWindow("Homepwner")
    }
}
