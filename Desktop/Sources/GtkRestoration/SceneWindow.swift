import GtkKit
import StateRestoration

/// A window as the engine sees it: the root of a scene's restorable tree. It saves the
/// window's size, whether it is maximized, whether focus rectangles show, and which
/// object holds the keyboard focus; its child is the page it shows (rule G2).
///
/// It exists before the restore, which finds it at its path (rule R13c). The size is
/// applied at decode, before the window is shown; the focus, and the entries' cursors, once
/// the window is on screen (``windowDidAppear()``).
@MainActor
public final class SceneWindow: Restorable {
    /// The window.
    public let window: Window
    /// The page the window shows: usually a ``PageStack``.
    public var page: Page? {
        didSet {
            oldValue?.owner = nil
            page?.owner = self
            window.setChild(page?.content)
        }
    }
    /// The engine of the window's scene.
    weak var engine: RestorationEngine?
    /// Where the focus goes once the window is on screen: the restored holder, or the
    /// page's initial focus when nothing was restored.
    public var pendingFocus: (any FocusTarget)?
    private var restoredFocusVisible = false
    private var appearances = 0
    /// What waits for the window to be on screen (a restored dialog).
    private var afterAppearing: [@MainActor () -> Void] = []

    /// The identifier of every scene's window.
    public static let identifier = "Window"

    init(window: Window) {
        self.window = window
        super.init(restorationIdentifier: Self.identifier)
        window.onResize { [weak self] in self?.invalidateRestorableState() }
        window.onFocusChange { [weak self] in self?.invalidateRestorableState() }
    }

    public override var restorationEngine: RestorationEngine? { engine }
    public override var restorationChildren: [any RestorableObject] { page.map { [$0] } ?? [] }

    /// The deepest object below the window whose widget holds the focus.
    public var focusHolder: (any FocusTarget)? { focusHolder(in: window) }

    public override func encodeRestorableState(with coder: StateEncoder) throws {
        let size = window.size
        try coder.encode(size.width, forKey: "gtk.width")
        try coder.encode(size.height, forKey: "gtk.height")
        try coder.encode(window.isMaximized, forKey: "gtk.maximized")
        try coder.encode(window.isFocusVisible, forKey: "gtk.focusVisible")
        try coder.encodeObject(focusHolder, forKey: "gtk.focus")
    }

    public override func decodeRestorableState(with coder: StateDecoder) throws {
        let width = try coder.decode(Int.self, forKey: "gtk.width")
        let height = try coder.decode(Int.self, forKey: "gtk.height")
        if width > 0, height > 0 {
            window.size = Size(width: min(width, 1 << 15), height: min(height, 1 << 15))
        }
        if try coder.decodeIfPresent(Bool.self, forKey: "gtk.maximized") == true { window.isMaximized = true }
        restoredFocusVisible = try coder.decodeIfPresent(Bool.self, forKey: "gtk.focusVisible") ?? false
        if let holder = try coder.decodeObject(forKey: "gtk.focus") as? any FocusTarget {
            pendingFocus = holder
        }
    }

    /// Runs `action` now if the window is on screen, else when it first is.
    public func whenOnScreen(_ action: @escaping @MainActor () -> Void) {
        if appearances > 0 { action() } else { afterAppearing.append(action) }
    }

    /// Gives the focus, and the entries' cursors and selections, back. The scene calls it
    /// when the window is mapped and again when it first becomes active: GTK moves the
    /// focus, and selects an entry's text, as a window first appears and first gets the
    /// desktop's focus.
    func windowDidAppear() {
        if appearances == 0 {
            for page in subtree.compactMap({ $0 as? Page }) { page.showDialog() }
        }
        appearances += 1
        let isFinal = appearances >= 2
        pendingFocus?.restoreFocus()
        applyOnScreenState(isFinal: isFinal)
        if restoredFocusVisible { window.isFocusVisible = true }
        if isFinal {
            pendingFocus = nil
            restoredFocusVisible = false
        }
        let waiting = afterAppearing
        afterAppearing = []
        for action in waiting { action() }
    }
}
