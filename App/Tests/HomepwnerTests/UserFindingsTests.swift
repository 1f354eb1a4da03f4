import Foundation
import HomepwnerCore
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

/// What a user sees on screen: the delete alert, the highlight after a resize, the
/// footer's hints, whole notices, invalid values, the photo's removal, the restored delete
/// alert, the layout and dropped paths, checked on a headless terminal.
@Suite("Homepwner on screen: alerts, hints, notices and layout (headless)")
@MainActor
struct UserFindingsTests {
    /// Thirty items named `Item 0` … `Item 29`.
    private let manyItems: [(String, String, Int)] = (0..<30).map { ("Item \($0)", "S\($0)", $0) }

    /// The buttons row of the alert box: the text of the line holding `[ Cancel ]`.
    private func chosenButton(_ app: HeadlessHomepwner) -> String? {
        let screen = app.terminal.screen
        for y in 0..<screen.size.height where screen.line(y).contains("[ Cancel ]") {
            let cells = (0..<screen.size.width).filter { screen[$0, y].style.attributes.contains(.reverse) }
            guard let first = cells.first, let last = cells.last else { return nil }
            return String(screen.line(y).dropFirst(first).prefix(last - first + 1))
        }
        return nil
    }

    // MARK: The delete alert

    @Test("The delete question of a very long name names its first 40 characters, and shows its buttons")
    func deleteAlertOfALongName() throws {
        let long = String(repeating: "Very long name ", count: 400)
        let scratch = try scratchStore([(long, "L0NG1", 1)] + sampleItems)
        let app = try HeadlessHomepwner(paths: scratch.paths, storage: InMemoryStorage())
        app.press(.delete)
        #expect(app.screen.contains("Delete “\(long.prefix(40))…”?"), "\(app.screen)")
        #expect(app.screen.contains("[ Cancel ]  [ Delete ]"))
    }

    @Test("H12: the delete alert chooses Cancel: Del then Enter deletes nothing")
    func deleteAlertDefaultsToCancel() throws {
        let scratch = try scratchStore(sampleItems)
        let app = try HeadlessHomepwner(paths: scratch.paths, storage: InMemoryStorage())
        app.press(.delete)
        #expect(app.screen.contains("Delete “Shiny Spork”?"))
        #expect(chosenButton(app) == "[ Cancel ]")
        app.press(.enter)
        #expect(try app.storedNames() == sampleItems.map(\.0))
        #expect(!app.screen.contains("Delete “Shiny Spork”?"))
        // Choosing Delete on purpose still deletes.
        app.press(.delete, .right)
        #expect(chosenButton(app) == "[ Delete ]")
        app.press(.enter)
        app.advance(by: .seconds(1))
        #expect(try app.storedNames() == Array(sampleItems.map(\.0).dropFirst()))
    }

    @Test("H12: the delete alert mentions the photo only when the item has one")
    func deleteAlertTellsTheTruth() throws {
        let scratch = try scratchStore(sampleItems)
        let png = try scratch.write(
            ImageFiles.png(width: 2, height: 2) { _, _ in [255, 0, 0] }, to: "red.png")
        let store = try ItemStore(paths: scratch.paths)
        _ = try store.attachPhoto(fromPath: png, to: try #require(try store.allItems().dropFirst().first).key)
        let app = try HeadlessHomepwner(paths: scratch.paths, storage: InMemoryStorage())
        app.press(.delete)
        #expect(app.screen.contains("Delete “Shiny Spork”?"))
        #expect(!app.screen.contains("photo"))
        app.press(.escape, .down, .delete)
        #expect(app.screen.contains("Delete “Rusty Bear”?"))
        #expect(app.screen.contains("Its photo is deleted too."))
    }

    // MARK: The highlight stays on screen

    @Test("H12: after the terminal shrinks, the highlighted row is still on screen")
    func selectionVisibleAfterShrinking() throws {
        let scratch = try scratchStore(manyItems)
        let app = try HeadlessHomepwner(
            paths: scratch.paths, storage: InMemoryStorage(), size: Size(width: 60, height: 30))
        app.press(.down, times: 20)
        #expect(app.highlightedRow?.hasPrefix(" Item 20 ") == true)
        app.terminal.resize(to: Size(width: 60, height: 8))
        app.application.processEvents()
        #expect(app.highlightedRow?.hasPrefix(" Item 20 ") == true)
        app.press(.enter)
        #expect(app.detail?.item.name == "Item 20")
    }

    @Test("H12: relaunched in a smaller terminal, the highlighted row is on screen")
    func selectionVisibleAfterSmallerRelaunch() throws {
        let scratch = try scratchStore(manyItems)
        let storage = InMemoryStorage()
        do {
            let app = try HeadlessHomepwner(
                paths: scratch.paths, storage: storage, size: Size(width: 60, height: 30))
            app.press(.down, times: 20)
            app.advance(by: .seconds(1))  // the state is saved; then killed
        }
        let app = try HeadlessHomepwner(
            paths: scratch.paths, storage: storage, size: Size(width: 60, height: 8))
        #expect(app.highlightedRow?.hasPrefix(" Item 20 ") == true)
    }

    @Test("H12: a highlighted row moved away while the app was closed is shown at launch")
    func selectionVisibleAfterOutsideMove() throws {
        let scratch = try scratchStore(manyItems)
        let storage = InMemoryStorage()
        do {
            let app = try HeadlessHomepwner(
                paths: scratch.paths, storage: storage, size: Size(width: 60, height: 8))
            app.press(.down)
            app.advance(by: .seconds(1))
        }
        let store = try ItemStore(paths: scratch.paths)
        _ = try store.moveItem(withKey: try #require(try store.allItems().dropFirst().first).key, by: 28)
        let app = try HeadlessHomepwner(
            paths: scratch.paths, storage: storage, size: Size(width: 60, height: 8))
        #expect(app.highlightedRow?.hasPrefix(" Item 1 ") == true)
    }

    // MARK: The footer

    @Test("H12: an empty list's footer offers only what works")
    func emptyListFooter() throws {
        let app = try HeadlessHomepwner(paths: Scratch().paths, storage: InMemoryStorage())
        #expect(app.lines.last == "a Add  ^T Summary  q Quit  Q Quit & forget  ^C Quit")
    }

    @Test(
        "H12: the footer puts Enter Open first, so a narrow terminal keeps it, and keeps q Quit"
    )
    func footerOrder() throws {
        let scratch = try scratchStore(sampleItems)
        let app = try HeadlessHomepwner(
            paths: scratch.paths, storage: InMemoryStorage(), size: Size(width: 40, height: 12))
        #expect(app.lines.last == "Enter Open  a Add  Del Delete  q Quit")
    }

    @Test("H12: the alert's footer shows Esc and what Enter does, not q or Q")
    func alertFooter() throws {
        let scratch = try scratchStore(sampleItems)
        let app = try HeadlessHomepwner(
            paths: scratch.paths, storage: InMemoryStorage(), size: Size(width: 80, height: 12))
        app.press(.delete)
        #expect(app.lines.last == "Enter/n/Esc Cancel  y Delete  ←→ Choose  ^C Quit")
        app.press(.character("q"))
        #expect(app.application.state == .active)
        app.press(.right)
        #expect(app.lines.last == "Enter/y Delete  n/Esc Cancel  ←→ Choose  ^C Quit")
    }

    // MARK: Messages for humans, whole

    @Test(
        "H12: at 80 columns a discarded archive's notice is whole and plain; the detail is not on screen",
        arguments: ["corrupt", "newer"])
    func discardedArchiveNotice(kind: String) throws {
        let scratch = try scratchStore(sampleItems)
        let storage = InMemoryStorage()
        let first = try HeadlessHomepwner(paths: scratch.paths, storage: storage)
        first.press(.down, .enter, .ctrl("c"))
        let bytes = try #require(storage[.archive])
        // An archive without an activity (as saved before sessions): nothing to go back to.
        storage[.archive] = ArchiveBytes.withoutActivity(
            kind == "corrupt" ? ArchiveBytes.corrupted(bytes) : ArchiveBytes.withFormatVersion(2, bytes))
        let second = try HeadlessHomepwner(
            paths: scratch.paths, storage: storage, size: Size(width: 80, height: 24))
        let why = kind == "corrupt" ? "could not be read" : "needs a newer Homepwner"
        #expect(second.lines[22] == " The saved screen state \(why); set aside. Started fresh.")
        #expect(!second.screen.contains("checksum") && !second.screen.contains("format version"))
        #expect(
            second.application.engine.diagnostics.map(\.reason).contains {
                $0.contains(kind == "corrupt" ? "checksum mismatch" : "format version 2 is newer")
            })
    }

    @Test("H12: at 40 columns a long notice wraps instead of losing its end")
    func noticeWraps() throws {
        let scratch = try scratchStore([("Grandfather clock", "GF1", 900)])
        let app = try HeadlessHomepwner(
            paths: scratch.paths, storage: InMemoryStorage(), size: Size(width: 40, height: 12))
        app.press(.enter)
        _ = try ItemStore(paths: scratch.paths).deleteItem(withKey: try app.storedItem(0).key)
        app.advance(by: .seconds(1))
        #expect(
            Array(app.lines[9...10]) == [
                " “Grandfather clock” was deleted",
                " outside Homepwner.",
            ])
    }

    // MARK: An invalid value does not vanish

    @Test(
        "H12: Esc with an invalid value stays and says so; Esc again leaves, the old value kept"
    )
    func invalidValueOnBack() throws {
        let scratch = try scratchStore(sampleItems)
        let app = try HeadlessHomepwner(paths: scratch.paths, storage: InMemoryStorage())
        app.press(.down, .enter, .tab, .tab)
        app.type("x")
        app.press(.escape)
        #expect(app.detail?.item.name == "Rusty Bear")
        #expect(
            app.screen.replacingOccurrences(of: "\n ", with: " ").contains(
                "Value: \"35x\" is not a number of dollars, so $35 stays. Fix it, or press Esc again to leave."
            ))
        app.press(.escape)
        #expect(app.detail == nil)
        #expect(app.highlightedRow?.hasSuffix("$35") == true)
        #expect(try app.storedItem(1).valueInDollars == 35)
    }

    @Test("H12: Done with an invalid value stays on the new item and says so")
    func invalidValueOnDone() throws {
        let scratch = try scratchStore(sampleItems)
        let app = try HeadlessHomepwner(paths: scratch.paths, storage: InMemoryStorage())
        app.press(.character("a"))
        app.type("Lamp")
        app.press(.tab, .tab)
        app.type("ten")
        app.press(.enter)
        #expect(app.detail?.isNew == true)
        #expect(
            app.screen.replacingOccurrences(of: "\n ", with: " ").contains(
                "Value: \"ten\" is not a number of dollars. Fix it before Done, or Esc to cancel the item."))
        app.press(.backspace, .backspace, .backspace)
        app.type("12")
        app.press(.enter)
        #expect(app.detail == nil)
        #expect(try app.store.allItems().last.map { "\($0.name) \($0.valueInDollars)" } == "Lamp 12")
    }

    // MARK: Ctrl-X asks first

    @Test("H12: Ctrl-X asks before removing the photo; Enter keeps it")
    func removePhotoAsks() throws {
        let scratch = try scratchStore(sampleItems)
        let png = try scratch.write(
            ImageFiles.png(width: 2, height: 2) { _, _ in [255, 0, 0] }, to: "red.png")
        let store = try ItemStore(paths: scratch.paths)
        _ = try store.attachPhoto(fromPath: png, to: try #require(try store.allItems().dropFirst().first).key)
        let app = try HeadlessHomepwner(paths: scratch.paths, storage: InMemoryStorage())
        app.press(.down, .enter)
        app.type("XY")
        app.press(.ctrl("x"))
        #expect(try app.storedItem(1).hasPhoto)
        #expect(app.screen.contains("Remove the photo?"))
        app.press(.enter)
        #expect(try app.storedItem(1).hasPhoto)
        #expect(!app.screen.contains("Remove the photo?"))
        app.type("Z")  // the focus is back in the name field
        #expect(app.lines[1] == " Name     Rusty BearXYZ")
        app.press(.ctrl("x"), .character("y"))
        #expect(try app.storedItem(1).hasPhoto == false)
        #expect(app.screen.contains("Photo removed"))
    }

    // MARK: The delete confirmation comes back

    @Test("H8: killed while the delete alert was up, the relaunch asks again; y deletes")
    func deleteAlertIsRestored() throws {
        let scratch = try scratchStore(sampleItems)
        let storage = InMemoryStorage()
        do {
            let app = try HeadlessHomepwner(paths: scratch.paths, storage: storage)
            app.press(.down, .down, .delete, .right)
            #expect(app.screen.contains("Delete “Fluffy Mac”?"))
            app.advance(by: .seconds(1))  // the state is saved; then killed
        }
        let app = try HeadlessHomepwner(paths: scratch.paths, storage: storage)
        #expect(app.screen.contains("Delete “Fluffy Mac”?"))
        #expect(chosenButton(app) == "[ Delete ]")  // as it was left
        #expect(app.highlightedRow?.hasPrefix(" Fluffy Mac ") == true)  // the row it asks about
        app.press(.character("y"))
        app.advance(by: .seconds(1))
        #expect(try app.storedNames() == ["Shiny Spork", "Rusty Bear", "毛茸茸的熊", "Shiny Bear"])
        #expect(!app.screen.contains("Fluffy Mac"))
    }

    @Test("H8, H9: a restored delete alert whose item is gone is not shown")
    func deleteAlertOfGoneItem() throws {
        let scratch = try scratchStore(sampleItems)
        let storage = InMemoryStorage()
        do {
            let app = try HeadlessHomepwner(paths: scratch.paths, storage: storage)
            app.press(.down, .down, .delete)
            app.advance(by: .seconds(1))
        }
        let store = try ItemStore(paths: scratch.paths)
        _ = try store.deleteItem(withKey: try #require(try store.allItems().dropFirst(2).first).key)
        let app = try HeadlessHomepwner(paths: scratch.paths, storage: storage)
        #expect(!app.screen.contains("Delete “"))
        #expect(app.presented == nil)
        app.press(.down)  // the list takes keys
        #expect(app.highlightedRow != nil)
    }

    // MARK: Layout

    @Test("H11: values show thousands separators, and the serial column stays in line")
    func valueColumn() throws {
        let scratch = try scratchStore([("Car", "C4R", 1_234_567), ("Pen", "P3N", 5), ("Desk", "D3SK", 1200)])
        let app = try HeadlessHomepwner(
            paths: scratch.paths, storage: InMemoryStorage(), size: Size(width: 60, height: 8))
        #expect(
            Array(app.lines[1...3]) == [
                " Car                                 C4R         $1,234,567",
                " Pen                                 P3N                 $5",
                " Desk                                D3SK            $1,200",
            ])
    }

    @Test(
        "H11: the navigation bar is underlined, so a highlighted first row does not merge with it"
    )
    func barStandsApart() throws {
        let scratch = try scratchStore(sampleItems)
        let app = try HeadlessHomepwner(paths: scratch.paths, storage: InMemoryStorage())
        #expect(app.highlightedRow?.hasPrefix(" Shiny Spork ") == true)
        #expect(app.terminal.screen[10, 0].style.attributes.contains(.underline))
        #expect(!app.terminal.screen[10, 1].style.attributes.contains(.underline))
    }

    @Test("H11: ↑ and ↓ move between the item's fields")
    func arrowsMoveBetweenFields() throws {
        let scratch = try scratchStore(sampleItems)
        let app = try HeadlessHomepwner(paths: scratch.paths, storage: InMemoryStorage())
        app.press(.down, .enter, .down, .down)
        app.type("9")
        #expect(app.lines[3] == " Value $  359")
        app.press(.up)
        app.type("Z")
        #expect(app.lines[2] == " Serial   0A1B2Z")
        app.press(.up, .up)  // stays in the first field
        app.type("!")
        #expect(app.lines[1] == " Name     Rusty Bear!")
    }

    @Test("H11: Esc leaves editing mode on the list")
    func escapeLeavesEditing() throws {
        let scratch = try scratchStore(sampleItems)
        let app = try HeadlessHomepwner(paths: scratch.paths, storage: InMemoryStorage())
        app.press(.character("e"))
        #expect(app.lines[0].hasPrefix(" Done "))
        app.press(.escape)
        #expect(app.lines[0].hasPrefix(" Edit "))
        #expect(app.list?.isEditing == false)
    }

    // MARK: Dropped paths

    @Test(
        "H4: a photo path as terminals paste a dropped file is accepted",
        arguments: ["'QUOTED'", "\"QUOTED\"", "ESCAPED", "file://URL", " 'QUOTED' "])
    func droppedPath(form: String) throws {
        let scratch = try scratchStore(sampleItems)
        let png = try scratch.write(
            ImageFiles.png(width: 2, height: 2) { _, _ in [255, 0, 0] }, to: "my photo (1).png")
        let typed =
            form
            .replacingOccurrences(of: "QUOTED", with: png)
            .replacingOccurrences(
                of: "ESCAPED",
                with: png.replacingOccurrences(of: " ", with: "\\ ")
                    .replacingOccurrences(of: "(", with: "\\(").replacingOccurrences(of: ")", with: "\\)")
            )
            .replacingOccurrences(
                of: "URL", with: png.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? png)
        let app = try HeadlessHomepwner(paths: scratch.paths, storage: InMemoryStorage())
        app.press(.down, .enter, .tab, .tab, .tab)
        app.terminal.paste(typed)
        app.press(.enter)
        #expect(app.screen.contains("Photo attached"), "\(typed)")
        #expect(try app.storedItem(1).hasPhoto)
    }
}
