import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

/// Rule H16 in TerminalKit, for every adopter: a text field or text view keeps the stored
/// value its text started from, and the three-way rule decides what a stored value does.
@Suite("H16: drafts with a base in TextField and TextView")
@MainActor
struct DraftEditingTests {
    /// A form of one field, restoring what `storage` holds.
    private func launchForm(_ storage: InMemoryStorage) throws -> (TextField, ViewLaunch) {
        let field = TextField()
        return (field, try launchRestoringForm(of: field, size: Size(width: 30, height: 4), storage: storage))
    }

    @Test(
        "H16: the rule: store = base keeps the draft; draft = base takes the store; all differ is a conflict; no base trusts only equality",
        arguments: [
            ("mine", "old", "old", DraftMerge.unchanged),
            ("old", "old", "theirs", DraftMerge.tookStored),
            ("same", "old", "same", DraftMerge.converged),
            ("mine", "old", "theirs", DraftMerge.conflict),
            ("mine", nil, "theirs", DraftMerge.conflict),
            ("same", nil, "same", DraftMerge.converged),
        ] as [(String, String?, String, DraftMerge)])
    func rule(_ draft: String, _ base: String?, _ stored: String, _ expected: DraftMerge) {
        #expect(DraftMerge.decide(draft: draft, base: base, stored: stored) == expected)
    }

    @Test(
        "H16: a field takes a stored value only where untouched; a conflict keeps the text until the user chooses"
    )
    func fieldFollowsTheRule() {
        let field = TextField()
        field.reset(toStored: "Lamp")
        #expect(field.editedText == nil)
        #expect(field.takeStoredValue("Desk lamp") == .tookStored)
        #expect(field.text == "Desk lamp")
        field.replaceText(withStored: "Desk lamp!")  // as typing would
        field.draftBase.base = "Desk lamp"
        #expect(field.editedText == "Desk lamp!")
        #expect(field.takeStoredValue("Floor lamp") == .conflict)
        #expect(field.text == "Desk lamp!")
        #expect(field.editedText == nil, "a conflict is not committed")
        #expect(field.hasConflict)
        field.resolveConflict(keepingMine: true)
        #expect(field.draftBase == DraftBase(base: "Floor lamp"))
        #expect(field.editedText == "Desk lamp!")
        field.markSaved("Desk lamp!")
        #expect(field.editedText == nil)
        #expect(field.takeStoredValue("Other") == .tookStored)
        _ = field.takeStoredValue("Other")
        field.replaceText(withStored: "Mine")
        #expect(field.takeStoredValue("Theirs") == .conflict)
        field.resolveConflict(keepingMine: false)
        #expect(field.text == "Theirs")
        #expect(!field.hasConflict)
    }

    @Test("H16: a stored value that replaces the text keeps the cursor, or at the end keeps it at the end")
    func cursorStays() {
        let field = TextField()
        field.reset(toStored: "abcdef")
        field.cursorPosition = 3
        field.takeStoredValue("abcdefgh")
        #expect(field.cursorPosition == 3)
        field.cursorPosition = 8
        field.takeStoredValue("abcdefghij")
        #expect(field.cursorPosition == 10)
        let view = TextView()
        view.reset(toStored: "line one\nline two")
        #expect(view.cursorPosition == 0, "a screen that opens shows the text from its start")
    }

    @Test("H16, R16: the base and the conflict come back with the text after a relaunch")
    func baseIsRestored() throws {
        let storage = InMemoryStorage()
        do {
            let (field, launch) = try launchForm(storage)
            field.reset(toStored: "Lamp")
            launch.terminal.type(" X")
            launch.application.processEvents()
            field.takeStoredValue("Renamed")
            launch.application.suspend()
            launch.application.engine.waitForPendingWrites()
        }
        let (field, _) = try launchForm(storage)
        #expect(field.text == "Lamp X")
        #expect(field.draftBase == DraftBase(base: "Lamp", conflict: "Renamed"))
    }

    @Test("H17: a restored text goes through what typing accepts: no control characters in a field")
    func restoredTextIsCleaned() throws {
        let storage = InMemoryStorage()
        do {
            let (field, launch) = try launchForm(storage)
            // As a crafted archive would hold it: set behind the keyboard's back.
            field.text = "PWNED \u{1B}]0;title\u{07}\nnext"
            launch.application.suspend()
            launch.application.engine.waitForPendingWrites()
        }
        let (field, _) = try launchForm(storage)
        #expect(field.text == "PWNED ]0;title next")
        #expect(field.draftBase.base == nil, "a draft saved without a base has none")
    }
}
