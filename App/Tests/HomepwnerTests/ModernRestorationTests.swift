import Foundation
import HomepwnerCore
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

@Suite("R28, R30 in Homepwner")
@MainActor
struct ModernRestorationTests {
    @Test(
        "R28: a death while restoring the detail screen costs that screen; the list comes back with its selection"
    )
    func deathCostsOneScreen() throws {
        let storage = InMemoryStorage()
        let first = try HeadlessHomepwner.launched(storage: storage, size: Size(width: 80, height: 12))
        first.press(.down, .down, .enter)
        first.press(.ctrl("z"))
        // The next launch died decoding the detail screen (a marker as it would leave it).
        storage[.restoringMarker] = Array(
            "restoring\nphase decode\nsubtree TabBarController/SplitViewController/primary/DetailViewController\nend\n"
                .utf8)
        let second = try first.relaunched()
        #expect(second.detail == nil)
        #expect(second.highlightedRow?.hasPrefix(" Fluffy Mac ") == true)
        #expect(
            second.application.restorationReport?.diagnostics.first?.description
                == "not restored: TabBarController/SplitViewController/primary/DetailViewController: the last launch died while restoring "
                + "this subtree (R28); it is left out this time, and everything else is restored")
        #expect(storage[.archive] != nil, "the archive is kept")
    }

    @Test("R30: Homepwner's restoration classes reach the store only through the engine's context")
    func contextFromTheEngine() throws {
        let storage = InMemoryStorage()
        let first = try HeadlessHomepwner.launched(storage: storage)
        first.press(.down, .enter)
        first.press(.ctrl("z"))
        // A launch whose engine was given no context: no global or task-local stands in.
        let store = try ItemStore(paths: first.paths)
        let context = HomepwnerContext(store: store, colorEnabled: false)
        let application = HomepwnerApplication.makeApplication(
            context: context, driver: HeadlessTerminal(size: Size(width: 60, height: 12)), storage: storage,
            configuration: HomepwnerApplication.configuration(debugOutput: .off))
        application.engine.restorationContext = nil
        try application.launch()
        #expect(
            application.restorationReport?.diagnostics.map(\.description).contains {
                $0.hasSuffix(
                    "returned nil: no item store is open (the engine was given no Homepwner context), so its subtree is not restored"
                )
            } == true)
        // With it, the same archive restores the detail.
        let third = try first.relaunched()
        #expect(third.detail?.item.name == "Rusty Bear")
    }

    @Test(
        "H8, X1: killed while \"Remove the photo?\" was up, the relaunch asks again over the item; y removes it"
    )
    func removePhotoAlertComesBack() throws {
        let (bear, first) = try openItemWithPhoto()
        first.press(.ctrl("x"), .right)
        let before = first.screen
        #expect(before.contains("Remove the photo?"))
        first.press(.ctrl("z"))

        let second = try first.relaunched()
        #expect(second.screen == before)
        #expect(second.application.restorationReport?.diagnostics.isEmpty == true)
        second.press(.character("y"))
        #expect(try second.storedItem(1).hasPhoto == false)
        #expect(second.screen.contains("Photo removed"))
        #expect(second.detail?.item.key == bear.key)
    }

    @Test("H8: a photo removed meanwhile: the alert is not restored, the item screen shows alone")
    func removePhotoAlertWithoutPhoto() throws {
        let (bear, first) = try openItemWithPhoto()
        first.press(.ctrl("x"))
        first.press(.ctrl("z"))
        try ItemStore(paths: first.paths).removePhoto(from: bear.key)

        let second = try first.relaunched()
        #expect(!second.screen.contains("Remove the photo?"))
        #expect(second.detail?.item.key == bear.key)
    }

    /// Rusty Bear with a photo, open on an 80x24 screen.
    private func openItemWithPhoto() throws -> (bear: Item, app: HeadlessHomepwner) {
        let scratch = try scratchStore(sampleItems)
        let bear = try scratch.attachRedPhoto(toItemAt: 1)
        let app = try HeadlessHomepwner(scratch: scratch, size: Size(width: 80, height: 24))
        app.press(.down, .enter)
        return (bear, app)
    }
}
