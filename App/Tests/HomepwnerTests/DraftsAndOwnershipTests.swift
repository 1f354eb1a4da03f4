import Foundation
import HomepwnerCore
import RestorationTesting
@_spi(Testing) import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

/// Who owns what (rules H15–H18, S9), headless: drafts keep their base and meet the store
/// by the three-way rule; edits the store refused live in its journal, not in the screen
/// state; a new item belongs to its session. A second app on the same store, or a
/// ``RawDatabase``, plays the other window or `sqlite3`.
@Suite("H15–H18: drafts with a base, writes on the store's side, new items owned by sessions")
@MainActor
struct DraftsAndOwnershipTests {
    let scratch: Scratch

    init() throws {
        scratch = try scratchStore(sampleItems)
    }

    private func raw() throws -> RawDatabase { try RawDatabase(scratch.paths.databasePath) }

    private func launch(_ choice: SessionChoice) throws -> HeadlessHomepwner {
        try HeadlessHomepwner(paths: scratch.paths, choosing: choice)
    }

    /// Launches in a new session and lets it make the writes the journal keeps, which it
    /// does right after its first frame (rule H17).
    private func launchReplayingJournal() throws -> HeadlessHomepwner {
        let app = try launch(.new)
        app.advance(by: .milliseconds(10))
        return app
    }

    /// Opens Rusty Bear in `app`, lets another program take the database's write lock
    /// (`BEGIN IMMEDIATE`, as `sqlite3` would) and types `text` after the name, then lets
    /// `waiting` pass: the edit waits for the lock. Returns the connection that holds it.
    private func typeWhileLocked(_ text: String, in app: HeadlessHomepwner, waiting: Duration = .seconds(2))
        throws -> RawDatabase
    {
        app.press(.down, .enter)
        let holder = try raw()
        holder.execute("BEGIN IMMEDIATE")
        app.type(text)
        app.advance(by: waiting)
        return holder
    }

    private func rustyBearName() throws -> String? {
        try raw().value("SELECT name FROM items WHERE serial_number = '0A1B2'")
    }

    @Test("H15: a name typed at five keys a second without a pause is committed at least once a second")
    func steadyTypingIsCommitted() throws {
        let app = try HeadlessHomepwner(paths: scratch.paths)
        app.press(.down, .enter)
        var typed = "Rusty Bear"
        for step in 1...40 {
            app.type("x")
            typed += "x"
            app.advance(by: .milliseconds(200))
            if step % 5 == 0 {
                // What the store holds is never more than a second (5 keys) behind.
                let stored = try rustyBearName() ?? ""
                #expect(stored.count >= typed.count - 5, "after \(step) keys the store has \(stored)")
            }
        }
    }

    @Test("H16: a committed draft, then a rename with sqlite3, then a relaunch: the rename shows and stays")
    func restoredDraftDoesNotOverwrite() throws {
        let first = try HeadlessHomepwner(paths: scratch.paths)
        first.press(.down, .enter)
        first.type(" mine")
        first.advance(by: .seconds(2))
        #expect(try rustyBearName() == "Rusty Bear mine")
        #expect(first.detail?.nameField.draftBase.base == "Rusty Bear mine")
        first.kill()
        try raw().execute("UPDATE items SET name = 'Renamed elsewhere' WHERE serial_number = '0A1B2'")

        let second = try first.relaunched()
        #expect(second.lines[1] == " Name     Renamed elsewhere")
        second.advance(by: .seconds(2))
        #expect(try rustyBearName() == "Renamed elsewhere")
        #expect(!second.screen.contains("Changed elsewhere"))
    }

    @Test("H16: a draft restored beside a rename made since is a conflict: both kept, nothing written")
    func restoredEditAgainstRenameIsAConflict() throws {
        let first = try HeadlessHomepwner(paths: scratch.paths)
        // A lock keeps the edit from the store; the screen state saves the draft and its base.
        let holder = try typeWhileLocked(" mine", in: first)
        first.kill()
        holder.execute("UPDATE items SET name = 'Renamed elsewhere' WHERE serial_number = '0A1B2'")
        holder.execute("COMMIT")
        // The journal, not the screen state, holds the refused edit: move it aside to see
        // what the restored draft alone does.
        let journal = PendingEditJournal(databasePath: scratch.paths.databasePath)
        _ = try journal.take { _ in true }

        let second = try first.relaunched()
        #expect(second.lines[1] == " Name     Rusty Bear mine")
        #expect(second.screen.contains("Changed elsewhere too: Name (now “Renamed elsewhere”)"))
        second.advance(by: .seconds(2))
        #expect(try rustyBearName() == "Renamed elsewhere")
        second.press(.ctrl("g"))  // take theirs
        #expect(second.lines[1] == " Name     Renamed elsewhere")
        #expect(!second.screen.contains("Changed elsewhere"))
    }

    @Test("H16: two windows type in one field: the later commit is a conflict; no text vanishes")
    func twoWindowsOneField() throws {
        let left = try HeadlessHomepwner(paths: scratch.paths)
        let right = try HeadlessHomepwner(paths: scratch.paths)
        left.press(.down, .enter)
        right.press(.down, .enter)
        left.type("++")
        left.advance(by: .seconds(1))
        #expect(try rustyBearName() == "Rusty Bear++")
        #expect(left.detail?.nameField.draftBase.base == "Rusty Bear++")
        right.type("!!")
        right.advance(by: .seconds(1))
        // The right window's commit found another value than its base: not written, shown.
        #expect(try rustyBearName() == "Rusty Bear++")
        #expect(right.lines[1] == " Name     Rusty Bear!!")
        #expect(right.screen.contains("Changed elsewhere too: Name (now “Rusty Bear++”)"))
        left.context.watcher.poll()
        #expect(left.detail?.nameField.text == "Rusty Bear++")
        // Keep mine: written over the other; the left window, untouched since, follows, and
        // says so, since its cursor is in that field.
        right.press(.ctrl("r"))
        #expect(try rustyBearName() == "Rusty Bear!!")
        left.context.watcher.poll()
        #expect(left.detail?.nameField.text == "Rusty Bear!!")
        left.advance(by: .milliseconds(10))
        #expect(left.screen.contains("Name was changed elsewhere; it shows the new text."))
    }

    @Test("H14: the list shows an edit that waits for the database, as the item's screen did")
    func listShowsWaitingEdits() throws {
        let app = try HeadlessHomepwner(paths: scratch.paths)
        let holder = try typeWhileLocked(" WAITING", in: app, waiting: .seconds(1))
        app.press(.escape)
        #expect(app.list != nil)
        #expect(app.screen.contains("Rusty Bear WAITING"))
        #expect(try rustyBearName() == "Rusty Bear")
        holder.execute("COMMIT")
        app.advance(by: .seconds(1))
        #expect(try rustyBearName() == "Rusty Bear WAITING")
        #expect(app.screen.contains("Rusty Bear WAITING"))
    }

    @Test("H17: an edit refused by a lock is in the journal; another session's launch writes it")
    func journalIsReplayedByAnySession() throws {
        let first = try launch(.new)
        let holder = try typeWhileLocked(" KEPT", in: first)
        first.press(.escape, .character("Q"))  // quit and forget: the session goes
        #expect(first.context.unsavedWrites == 1)
        #expect(first.context.unkeptWritesProblem == nil)
        holder.execute("COMMIT")
        let journal = PendingEditJournal(databasePath: scratch.paths.databasePath)
        #expect(try journal.entries().map(\.changes.name) == ["Rusty Bear KEPT"])

        let other = try launchReplayingJournal()
        #expect(try rustyBearName() == "Rusty Bear KEPT")
        #expect(try journal.entries().isEmpty)
        #expect(other.list != nil)
    }

    @Test("H17: a journal entry that no typing could make is not applied, and the screen says so")
    func journalIsValidated() throws {
        let key = try #require(try raw().value("SELECT item_key FROM items WHERE serial_number = '0A1B2'"))
        let journal = PendingEditJournal(databasePath: scratch.paths.databasePath)
        try journal.replaceEntries(
            of: "gone",
            with: [
                PendingEdit(
                    owner: "gone", kind: .fields, key: try #require(UUID(uuidString: key)), name: "x",
                    changes: ItemChanges(name: "PWNED \u{1B}]0;title\u{07}", valueInDollars: Int.max))
            ])
        let app = try launchReplayingJournal()
        #expect(try rustyBearName() == "Rusty Bear")
        #expect(app.screen.contains("kept edit(s) were not applied"))
    }

    @Test("H18: another session's unfinished new item is not listed, and survives other launches")
    func newItemsBelongToTheirSession() throws {
        let adding = try launch(.new)
        adding.startNewItem(named: "Grandma ring")
        adding.advance(by: .seconds(2))
        let addingID = try #require(adding.application.session?.id)
        let other = try launch(.new)
        #expect(!other.screen.contains("Grandma ring"))
        #expect(try other.store.count() == sampleItems.count)
        adding.kill()
        other.kill()
        // A plain launch, and a --fresh one, leave it alone.
        _ = try launch(.mostRecent)
        _ = try launch(.new)
        #expect(try raw().value("SELECT count(*) FROM items WHERE name = 'Grandma ring'") == "1")
        // Its own session comes back to it, Done and all.
        let resumed = try launch(.named(addingID))
        #expect(resumed.detail?.isNew == true)
        #expect(resumed.lines[1] == " Name     Grandma ring")
        resumed.press(.enter)
        #expect(try resumed.storedNames().contains("Grandma ring"))
    }

    @Test("H18: quit and forget removes the session's unfinished new item")
    func forgetRemovesTheNewItem() throws {
        let adding = try launch(.new)
        adding.startNewItem(named: "Never kept")
        adding.advance(by: .seconds(2))
        adding.press(.ctrl("c"))  // not q: the New Item screen's fields take characters
        let forgetting = try launch(.new)
        forgetting.startNewItem(named: "Forget me")
        forgetting.advance(by: .seconds(2))
        forgetting.application.quit(forgettingState: true)
        #expect(try raw().value("SELECT count(*) FROM items WHERE name = 'Forget me'") == "0")
        #expect(try raw().value("SELECT count(*) FROM items WHERE name = 'Never kept'") == "1")
    }

    @Test("H14: Add while another program holds the database waits, says so, and opens when it goes")
    func addWaitsForALock() throws {
        let app = try HeadlessHomepwner(paths: scratch.paths)
        let holder = try raw()
        holder.execute("BEGIN IMMEDIATE")
        app.press(.character("a"))
        #expect(app.screen.contains("Adding… waiting for another program to release the"))
        #expect(app.presented == nil)
        #expect(app.lines.last?.hasPrefix("Esc Stop adding") == true, "the footer: \(app.lines.last ?? "")")
        // Keys typed meanwhile are the new item's, not the list's (e: edit mode, q: quit).
        app.type("Ted quits")
        app.advance(by: .seconds(1))
        #expect(app.application.state != .terminated)
        holder.execute("COMMIT")
        app.advance(by: .seconds(1))
        #expect(app.detail?.isNew == true)
        #expect(!app.screen.contains("Adding…"))
        #expect(app.detail?.nameField.text == "Ted quits")
        app.advance(by: .seconds(1))
        #expect(try raw().value("SELECT count(*) FROM items WHERE name = 'Ted quits'") == "1")
    }

    @Test(
        "H2, H13: a New Item deleted outside while its discard question is up: both go, and the list says so")
    func newItemDeletedUnderTheQuestion() throws {
        let app = try HeadlessHomepwner(paths: scratch.paths)
        app.startNewItem(named: "12")
        app.press(.escape)
        #expect(app.screen.contains("Discard the new item?"))
        try raw().execute("DELETE FROM items WHERE provisional != 0")
        app.context.watcher.poll()
        app.advance(by: .milliseconds(10))
        #expect(app.presented == nil)
        #expect(app.list != nil)
        #expect(app.screen.contains("“12” was deleted outside Homepwner."))
    }

    @Test(
        "H16: while a field is in conflict, other messages wait, and Done and Back stay until the user chooses"
    )
    func conflictComesFirst() throws {
        let app = try HeadlessHomepwner(paths: scratch.paths)
        app.press(.down, .enter)
        app.type("!")
        try raw().execute("UPDATE items SET name = 'Elsewhere' WHERE serial_number = '0A1B2'")
        app.context.watcher.poll()
        app.advance(by: .seconds(1))
        #expect(app.screen.contains("Changed elsewhere too: Name"))
        app.press(.tab, .tab, .tab, .enter)  // Enter in an empty photo field: a message of its own
        #expect(app.screen.contains("Changed elsewhere too: Name"))
        app.press(.escape)
        #expect(app.detail != nil, "Back waits for the choice")
        app.press(.ctrl("g"))
        #expect(app.detail?.nameField.text == "Elsewhere")
        app.press(.escape)
        #expect(app.detail == nil)
        #expect(try rustyBearName() == "Elsewhere")
    }

    @Test(
        "R35, H19: a disk that refuses the launch markers: nothing is restored, and the list says where the state went"
    )
    func refusedMarkersAreSaid() throws {
        let directory = scratch.paths.stateDirectory + "/faults"
        do {
            let first = try HeadlessHomepwner(
                paths: scratch.paths, anyStorage: FileRestorationStorage(directory: directory))
            first.press(.down, .enter)
            first.type(" draft")
            first.application.suspend()
            first.kill()
        }
        let full = FileRestorationStorage(
            directory: directory,
            faults: StorageFaults { step, path in
                step == .createTemporary ? ENOSPC : nil
            })
        let second = try HeadlessHomepwner(paths: scratch.paths, anyStorage: full)
        #expect(second.list != nil)
        #expect(second.screen.contains("The saved screen state was not restored: the disk refused"))
    }

    @Test(
        "H16, H17: a kept edit that meets a change made elsewhere waits for its item: opened, it shows the conflict, and ^R saves it"
    )
    func keptEditConflictWaitsForItsScreen() throws {
        let first = try launch(.new)
        let holder = try typeWhileLocked(" KEPT", in: first)
        first.press(.escape, .character("Q"))
        holder.execute("UPDATE items SET name = 'Elsewhere' WHERE serial_number = '0A1B2'")
        holder.execute("COMMIT")

        let other = try launchReplayingJournal()
        #expect(try rustyBearName() == "Elsewhere")
        #expect(
            other.screen.replacingOccurrences(of: "\n ", with: " ").contains(
                "Your change to Name of “Elsewhere” was not saved: it was changed elsewhere too. It is kept: open the item to choose."
            ))
        other.press(.down, .enter)
        #expect(other.detail?.nameField.text == "Rusty Bear KEPT")
        #expect(other.screen.contains("Changed elsewhere too: Name (now “Elsewhere”)"))
        other.press(.ctrl("r"))
        #expect(try rustyBearName() == "Rusty Bear KEPT")
        let journal = PendingEditJournal(databasePath: scratch.paths.databasePath)
        #expect(try journal.entries().isEmpty)
    }
}
