import GtkKit
import StateRestoration

/// One window and its own restoration engine and session (rules S1, G5): UIKit's scene on
/// GTK. Several scenes of one app each save and restore their own window.
///
/// ```swift
/// let scene = Scene(
///     application: application, delegate: delegate, configuration: configuration,
///     registry: registry, storage: session.storage, session: session)
/// scene.launch()
/// ```
///
/// - Launch: the delegate's ``SceneDelegate/sceneWillFinishLaunching(_:)``, the engine's
///   restore, ``SceneDelegate/sceneDidFinishLaunching(_:)``, then the window is shown and,
///   once on screen, gets its focus and cursors back.
/// - Every change of restorable state (a key typed, the cursor moved, a row selected, a
///   page pushed, the window resized, the focus moved) tells the engine, whose continuous
///   preservation saves after its debounce (rule R20): a `kill -9` then loses nothing.
/// - ``preserve()`` saves at once (on quit); ``end()`` forgets the scene's state and ends
///   its session (the window was closed).
@MainActor
public final class Scene {
    /// The window.
    public let window: Window
    /// The window as the engine sees it: the root of the restorable tree.
    public let root: SceneWindow
    /// The scene's engine.
    public let engine: RestorationEngine
    /// The session the scene holds, if it was given one.
    public let session: RestorationSession?
    /// What the launch restored, once launched.
    public private(set) var restorationReport: RestorationReport?
    private let delegate: any SceneDelegate

    /// Creates a scene and its window, not yet shown.
    /// - Parameters:
    ///   - application: The application the window belongs to (nil: a plain window, for tests).
    ///   - delegate: The app's hooks; the scene holds it.
    ///   - configuration: The engine's configuration (continuous preservation on, for a
    ///     window that survives `kill -9`).
    ///   - registry: The restoration classes an archive may name.
    ///   - storage: Where the archive lives: the session's storage.
    ///   - session: The session this scene holds, released or ended with it.
    ///   - scheduler: The engine's clock; GLib's main loop by default.
    public init(
        application: Application?, delegate: any SceneDelegate, configuration: RestorationConfiguration,
        registry: RestorationRegistry, storage: any RestorationStorage, session: RestorationSession? = nil,
        scheduler: (any RestorationScheduler)? = nil
    ) {
        let window = Window(application: application)
        let root = SceneWindow(window: window)
        self.window = window
        self.root = root
        self.delegate = delegate
        self.session = session
        // snippet: gtk-scene-engine
        engine = RestorationEngine(
            configuration: configuration, registry: registry, storage: storage,
            scheduler: scheduler ?? GLibScheduler(), delegate: delegate, roots: { [root] in [root] })
        root.engine = engine
        // end-snippet
    }

    /// Builds, restores and shows the window.
    public func launch() {
        delegate.sceneWillFinishLaunching(self)
        restorationReport = engine.restoreApplicationState()
        delegate.sceneDidFinishLaunching(self)
        if root.pendingFocus == nil { root.pendingFocus = root.page.flatMap(Self.initialFocus) }
        window.onMap { [weak self] in self?.appeared() }
        window.onActiveChange { [weak self] in
            guard let self, self.window.isActive else { return }
            self.appeared()
        }
        window.present()
    }

    /// The initial focus of the page shown: the top of a stack, the tab shown, else the page
    /// itself.
    private static func initialFocus(of page: Page) -> (any FocusTarget)? {
        if let stack = page as? PageStack, let top = stack.topPage { return initialFocus(of: top) }
        if let tabs = page as? TabsPage, let tab = tabs.selectedTab { return initialFocus(of: tab) }
        return page.initialFocus
    }

    private var appearances = 0

    /// The window is mapped, or became active: the first two times, focus and cursors are
    /// given back (``SceneWindow/windowDidAppear()``).
    private func appeared() {
        guard appearances < 2 else { return }
        appearances += 1
        root.windowDidAppear()
    }

    /// Saves the window's state now and releases the session for the next launch (quit).
    /// - Throws: ``RestorationError`` if the archive could not be written.
    public func preserve() throws(RestorationError) {
        defer { session?.release() }
        _ = try engine.preserve(reason: .termination)
    }

    /// Forgets the window's state and ends its session (the user closed the window).
    /// - Throws: ``RestorationError`` if the session's directory could not be removed.
    public func end() throws(RestorationError) {
        engine.discardState(reason: "the window was closed")
        // What the closing window still says (its focus goes) is no longer saved.
        root.engine = nil
        try session?.end()
    }
}
