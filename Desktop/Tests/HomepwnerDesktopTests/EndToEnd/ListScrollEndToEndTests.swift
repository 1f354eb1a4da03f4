import Foundation
import HomepwnerCore
import StateRestoration
import Testing

/// The list's scroll, saved as its first row on screen, restored after `kill -9` (rule
/// G4): the same rows show, at the same pixels.
@Suite("G4: homepwner-gtk's list scroll after kill -9, end to end")
struct ListScrollEndToEndTests {
    /// The number of the item (`Item 42`) whose key the list saved under `field`.
    private func savedItemNumber(_ session: DesktopSession, _ store: ItemStore, _ field: String) throws
        -> Int?
    {
        guard case .string(let text)? = try session.savedValues("ItemsList")?[field],
            let key = ItemKey.parse(text),
            let name = try store.item(forKey: key)?.name
        else { return nil }
        return Int(name.dropFirst("Item ".count))
    }

    @Test(
        "G4: 200 items scrolled far down with the keyboard, kill -9: the same first row, the same pixels; ↓ goes on"
    )
    func scrolledListAfterKill() throws {
        let session = try DesktopSession()
        let store = try ItemStore(paths: session.paths)
        for index in 1...200 {
            try store.createItem(name: "Item \(index)", serialNumber: "S\(index)", valueInDollars: index)
        }
        try session.launch()
        try session.focus(try session.waitForWindow("Homepwner"))
        // Page Down moves the selection a page at a time, scrolling the list with it.
        try session.key(Array(repeating: "Next", count: 8))
        var selected = 0
        try poll("a first row far down in the saved state") {
            selected = try savedItemNumber(session, store, "selectedKey") ?? 0
            return try (savedItemNumber(session, store, "firstVisibleKey") ?? 0) > 60 && selected > 60
        }
        let first = try savedItemNumber(session, store, "firstVisibleKey")
        try expectSameScreenAfterKill(session, window: "Homepwner")
        #expect(try savedItemNumber(session, store, "firstVisibleKey") == first)
        // The keyboard goes on from the restored row: ↓ and Enter open the next item.
        try session.key("Down", "Return")
        try session.waitForWindow("Item \(selected + 1)")
    }
}
