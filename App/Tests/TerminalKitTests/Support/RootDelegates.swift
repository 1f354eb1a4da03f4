import StateRestoration

@testable import TerminalKit

/// A delegate that sets a root controller in will-finish-launching; it agrees to save and
/// restore only when `restores` is true.
@MainActor
class RootDelegate: ApplicationDelegate {
    let root: ViewController
    let restores: Bool

    init(root: ViewController, restores: Bool = false) {
        self.root = root
        self.restores = restores
    }

    func applicationWillFinishLaunching(_ application: Application) {
        application.window.rootViewController = root
    }

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { restores }
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { restores }
}

/// Sets a root in will-finish-launching and agrees to save and restore.
@MainActor
class RestoringDelegate: RootDelegate {
    init(root: ViewController) {
        super.init(root: root, restores: true)
    }
}
