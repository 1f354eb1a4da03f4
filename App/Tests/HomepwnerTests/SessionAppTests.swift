import Foundation
import HomepwnerCore
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

/// Homepwner on sessions (rules S1–S6), headless, on a real state directory.
@Suite("S1–S6: Homepwner's sessions and activities")
@MainActor
struct SessionAppTests {
    let scratch: Scratch
    let sessions: RestorationSessions

    init() throws {
        scratch = try scratchStore(sampleItems)
        sessions = RestorationSessions(stateDirectory: scratch.paths.stateDirectory)
    }

    func launch(_ choice: SessionChoice, opening: Item.ID? = nil, width: Int = 80) throws -> HeadlessHomepwner
    {
        try HeadlessHomepwner(
            paths: scratch.paths, choosing: choice, opening: opening, size: Size(width: width, height: 12))
    }

    /// The activity saved in `session`'s archive file.
    func savedActivity(_ id: String) throws -> RestorationActivity? {
        let path = sessions.directory(of: id) + "/restoration.archive"
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
        guard case .activity(let activity) = ActivityFooter.split(bytes).found else { return nil }
        return activity
    }

    /// Runs `homepwner` in-process on the scratch directories, "on a terminal".
    func runCommand(_ arguments: [String]) -> (status: Int32, errors: String) {
        let run = CommandRun(
            arguments + [
                "--data-dir", scratch.paths.dataDirectory, "--state-dir", scratch.paths.stateDirectory,
            ],
            in: scratch, hasTerminal: true)
        return (run.status, run.errors)
    }

    func id(_ app: HeadlessHomepwner) throws -> String {
        try #require(app.application.session?.id)
    }

    @Test("S2, S3: two instances keep apart; relaunched, each gets its own screen and draft back")
    func twoInstances() throws {
        let left = try launch(.mostRecent)
        let right = try launch(.mostRecent)
        #expect(try id(left) != id(right))
        left.press(.down, .enter)
        left.press(.character("!"))
        right.press(.down, .down, .enter)
        right.press(.character("?"))
        left.advance(by: .seconds(1))
        right.advance(by: .seconds(1))
        let (leftID, rightID) = (try id(left), try id(right))
        left.kill()
        right.kill()
        let again = [try launch(.mostRecent), try launch(.mostRecent)]
        #expect(Set(try again.map { try id($0) }) == [leftID, rightID])
        let titles = Set(again.map { $0.lines[0] })
        #expect(titles.contains { $0.contains("Rusty Bear!") })
        #expect(titles.contains { $0.contains("Fluffy Mac?") })
    }

    @Test("S5: the activity follows the screen: the list, an open item, the New Item screen")
    func activityFollowsScreen() throws {
        let app = try launch(.new)
        let session = try id(app)
        app.press(.down)
        app.application.preserveState()
        let list = try #require(try savedActivity(session))
        #expect(list.type == "homepwner.list")
        #expect(list.userInfo["selected"] == app.detailKeyOfRow(1))
        app.press(.enter)
        app.application.preserveState()
        let viewing = try #require(try savedActivity(session))
        #expect(viewing.type == "homepwner.viewItem")
        #expect(viewing.title == "Viewing “Rusty Bear”")
        #expect(viewing.userInfo["name"] == "Rusty Bear")
        // The name as typed, before the store has it.
        app.type("!")
        app.application.preserveState()
        #expect(try savedActivity(session)?.title == "Viewing “Rusty Bear!”")
        app.press(.escape, .character("a"))
        app.application.preserveState()
        #expect(try savedActivity(session)?.type == "homepwner.addItem")
    }

    @Test(
        "S5: a corrupt archive, or one of a newer format, reopens the item from the activity, and says so",
        arguments: ["corrupt", "newer"])
    func fallBackToActivity(kind: String) throws {
        let first = try launch(.new)
        let session = try id(first)
        first.press(.down, .enter)
        first.press(.ctrl("c"))
        let path = sessions.directory(of: session) + "/restoration.archive"
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
        try Data(ArchiveBytes.damaged(bytes, as: kind)).write(to: URL(fileURLWithPath: path))

        let second = try launch(.named(session), width: 100)
        #expect(second.detail?.item.name == "Rusty Bear")
        #expect(second.lines[0].contains("Rusty Bear"))
        #expect(second.application.restorationReport?.restoredActivity?.type == "homepwner.viewItem")
        // The item shows alone at this width, and says so where the user is.
        let why = ArchiveBytes.reasonShown(for: kind)
        let shown = second.lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(
            shown.contains("The saved screen state \(why); set aside. Reopened “Rusty Bear”."),
            "\(second.screen)")
        second.press(.escape)
        #expect(second.highlightedRow?.hasPrefix(" Rusty Bear ") == true)
    }

    @Test("S5: a corrupt archive of the New Item screen brings the new item's screen back")
    func fallBackToNewItem() throws {
        let first = try launch(.new)
        let session = try id(first)
        first.startNewItem(named: "Lamp")
        first.advance(by: .seconds(1))
        first.kill()
        let path = sessions.directory(of: session) + "/restoration.archive"
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
        try Data(ArchiveBytes.corrupted(bytes)).write(to: URL(fileURLWithPath: path))
        let second = try launch(.named(session))
        #expect(second.detail?.isNew == true)
        #expect(second.detail?.item.name == "Lamp")
    }

    @Test("S4: Q ends this session only; the other instance's comes back")
    func quitAndForgetOne() throws {
        let keep = try launch(.new)
        let forget = try launch(.new)
        keep.press(.down, .enter)
        forget.press(.down, .down, .enter)
        keep.advance(by: .seconds(1))
        let (keepID, forgetID) = (try id(keep), try id(forget))
        forget.press(.escape, .character("Q"))
        #expect(forget.application.state == .terminated)
        #expect(sessions.info(of: forgetID) == nil)
        #expect(sessions.info(of: keepID)?.isHeld == true)
        keep.kill()
        let again = try launch(.mostRecent)
        #expect(try id(again) == keepID)
        #expect(again.detail?.item.name == "Rusty Bear")
    }

    @Test("S6: --open shows the item in a new session, by the activity's path; the list is under it")
    func deepLink() throws {
        let old = try launch(.new)
        old.press(.down, .down, .enter)
        old.advance(by: .seconds(1))
        let store = try ItemStore(paths: scratch.paths)
        let target = try #require(try store.items(withSerialNumber: "3C4D5").first)
        let linked = try launch(.new, opening: target.key)
        #expect(linked.detail?.item.name == "毛茸茸的熊")
        #expect(try id(linked) != id(old))
        linked.press(.escape)
        #expect(linked.highlightedRow?.hasPrefix(" 毛茸茸的熊 ") == true)
        #expect(old.detail?.item.name == "Fluffy Mac")
    }

    @Test("S6: --open names an item by serial number or key; an unknown one is exit 65 and starts nothing")
    func deepLinkLookup() throws {
        let store = try ItemStore(paths: scratch.paths)
        let bear = try #require(try store.items(withSerialNumber: "0A1B2").first)
        #expect(try HomepwnerCommand.findItem("0A1B2", in: store, databasePath: "db").get().key == bear.key)
        #expect(
            try HomepwnerCommand.findItem(ItemKey.text(bear.key).uppercased(), in: store, databasePath: "db")
                .get()
                .key == bear.key)
        let (status, errors) = runCommand(["--open", "NOPE-1"])
        #expect(status == 65)
        #expect(
            errors
                == "homepwner: error: no item has the serial number or key “NOPE-1” in \(scratch.paths.databasePath)\n"
        )
        #expect(sessions.sessions().isEmpty)
    }

    @Test("S3: --session names a session; one held by a running instance is exit 75 with a clear message")
    func heldSession() throws {
        let running = try launch(.named("work"))
        let (status, errors) = runCommand(["--session", "work"])
        #expect(status == 75)
        #expect(
            errors
                == "homepwner: error: session 'work' is in use by another running instance; each instance needs its own session\n"
                + "hint: start without --session for the newest free session, or with --fresh for a new one\n"
        )
        _ = running
    }
}

extension HeadlessHomepwner {
    /// The key of the list's row `row`, as the model association writes it.
    func detailKeyOfRow(_ row: Int) -> String? {
        guard let list else { return nil }
        return list.modelIdentifier(forElementAt: ElementIndexPath(row: row), in: list.tableView)
    }
}
