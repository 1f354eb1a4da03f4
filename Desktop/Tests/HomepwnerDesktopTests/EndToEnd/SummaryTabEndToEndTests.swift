import Foundation
import HomepwnerCore
import StateRestoration
import Testing

/// The Summary tab (rule G3), and the tab shown restored after `kill -9` (G4).
@Suite("G4: homepwner-gtk's Summary tab, end to end")
struct SummaryTabEndToEndTests {
    @Test(
        "G4: the Summary tab shown, kill -9: Summary again, the same pixels; Alt+1 goes back to the list on its row"
    )
    func summaryTabAfterKill() throws {
        let session = try DesktopSession()
        let store = try ItemStore(paths: session.paths)
        for (name, value) in [("Shiny Bear", 60), ("Rusty Mac", 1200), ("Fluffy Mac", 41)] {
            try store.createItem(name: name, valueInDollars: value)
        }
        try session.launch()
        try session.focus(try session.waitForWindow("Homepwner"))
        try session.key("Down", "Down")
        try session.key("alt+2")
        try session.waitForWindow("Summary")
        try poll("the Summary tab in the saved state") {
            try session.savedValues("Tabs")?["gtk.selectedTab"] == .string("SummaryPage")
        }
        try expectSameScreenAfterKill(session, window: "Summary")
        // The list kept its row under the other tab: Alt+1, Enter opens the third item (↓ ↓ from the top).
        try session.key("alt+1")
        try session.waitForWindow("Homepwner")
        try session.key("Return")
        try session.waitForWindow("Fluffy Mac")
    }
}
