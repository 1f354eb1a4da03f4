import Foundation
import RestorationTesting
import StateRestoration
import Testing

@testable import Homepwner
@testable import TerminalKit

/// The detail's restoration class decides "new item" from the path: by the navigation
/// controller the screen is in, not by how many components the path has.
@Suite("H4: a new item is told by its modal navigation controller, whoever presents it")
@MainActor
struct PresenterPathTests {
    @Test("H4: a New Item screen that the list presents (a path of 4 components) is restored as a new item")
    func presentedByTheList() throws {
        let storage = InMemoryStorage()
        let first = try HeadlessHomepwner.launched(items: [("Spork", "0A1B2", 3)], storage: storage)
        first.startNewItem(named: "Lamp")
        // The list presents the New Item screen itself, rather than the root navigation
        // controller (TerminalKit's `present` goes to the outermost container, as UIKit's).
        let modal = try #require(first.presented as? NavigationController)
        first.tabs?.dismiss()
        first.list?.setPresented(modal)
        try first.application.engine.preserve(reason: .background)
        let bytes = try #require(storage[.archive])
        #expect(
            try Archive(fileBytes: bytes).records.map { $0.path.description }.contains(
                "TabBarController/SplitViewController/primary/ItemsViewController/NavigationController/DetailViewController"
            ))

        let second = try first.relaunched()
        let report = try #require(second.application.restorationReport)
        let restored = report.objects.first {
            $0.path.description
                == "TabBarController/SplitViewController/primary/ItemsViewController/NavigationController/DetailViewController"
        }
        let detail = try #require(restored?.object as? DetailViewController)
        #expect(detail.isNew, "Done and Cancel, and Cancel deletes the item it made")
    }
}
