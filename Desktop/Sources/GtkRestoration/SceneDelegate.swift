import StateRestoration

/// A scene's delegate: the app's restoration hooks (``RestorationDelegate``), and the two
/// moments around the restore, as UIKit's `willFinishLaunching` and `didFinishLaunching`.
@MainActor
public protocol SceneDelegate: RestorationDelegate {
    /// Before the restore: build what exists whatever is restored (the window's page stack,
    /// its header bar), so that the restore finds it at its path (rule R13c).
    func sceneWillFinishLaunching(_ scene: Scene)
    /// After the restore, before the window shows: fill in what was not restored (the
    /// list, when the stack came back empty).
    func sceneDidFinishLaunching(_ scene: Scene)
}
