import Foundation
import GtkKit
import GtkRestoration
import HomepwnerCore

/// The Summary tab: how many items there are, what they are worth together, and the most
/// valuable one, read from the store each time the tab is shown. Whether it is the tab
/// shown is the tabs' state; it has none of its own.
@MainActor
final class SummaryPage: Page, StoreObserver {
    static let identifier = "SummaryPage"

    let context: DesktopContext
    let count = Label()
    let total = Label()
    let mostValuable = Label()

    init(context: DesktopContext) {
        let column = Box(.vertical, spacing: 12)
        self.context = context
        super.init(content: column, restorationIdentifier: Self.identifier)
        column.setMargins(24)
        for (title, value) in [("Items", count), ("Total value", total), ("Most valuable", mostValuable)] {
            let heading = Label(title)
            heading.addCSSClass("heading")
            column.append(heading)
            column.append(value)
        }
        refresh()
        context.observe(self)
    }

    override var title: String { "Summary" }

    override func pageDidAppear() {
        refresh()
    }

    /// Reads the numbers again if they are on screen; the tab reads them as it is shown.
    func storeDidChange(item key: UUID?) {
        if content.isVisibleOnScreen { refresh() }
    }

    /// Reads the numbers again.
    func refresh() {
        do {
            let summary = try context.store.summary()
            count.text = ItemSummary.groupedDigits(UInt(summary.count))
            total.text = summary.formattedTotal
            mostValuable.text =
                summary.mostValuable.map {
                    "\($0.name.isEmpty ? "(no name)" : $0.name), $\($0.valueInDollars)"
                }
                ?? "none"
        } catch {
            count.text = "The items could not be read: \(error)"
        }
    }
}
