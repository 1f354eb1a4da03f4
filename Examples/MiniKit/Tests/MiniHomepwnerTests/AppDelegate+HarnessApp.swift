import MiniHomepwner
import RestorationTesting
import StateRestoration

/// MiniHomepwner under the harness: its window's root is what the engine walks.
extension AppDelegate: HarnessApp {
    public var rootObjects: [any RestorableObject] { window.restorationRoots }

    public func didFinishLaunching(_ report: RestorationReport) {
        finishLaunching()
    }
}
