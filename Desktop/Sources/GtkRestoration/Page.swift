import GtkKit
import StateRestoration

/// A page: what a window shows at a time, UIKit's view controller on GTK. It owns its
/// content widget and the restorable state of the widgets in it (``views``).
///
/// A page made again by its restoration class makes its widgets in its initializer, with
/// the same identifiers, so that the engine finds their state where it left it (rule R13c).
@MainActor
open class Page: Restorable {
    /// The widget the page shows.
    public let content: Widget
    /// The page's title, for the window's title bar.
    open var title: String { "" }
    /// The restorable state of the page's widgets (an entry, a list), saved with the page.
    public private(set) var views: [Restorable] = []

    /// Creates a page showing `content`.
    public init(content: Widget, restorationIdentifier: String? = nil) {
        self.content = content
        super.init(restorationIdentifier: restorationIdentifier)
    }

    /// The page this one shows in a dialog over its window, if any.
    public private(set) var presentedPage: Page?
    /// The page that shows this one in a dialog.
    public private(set) weak var presentingPage: Page?
    /// The dialog window of ``presentedPage``.
    public private(set) var dialog: Window?
    /// What held the dialog's focus when it was saved, until the restored dialog is active.
    private var restoredDialogFocus: (any FocusTarget)?

    /// Saves `view` with the page.
    public func addView(_ view: Restorable) {
        view.owner = self
        views.append(view)
    }

    /// The page's views, then the page it presents (rule R4: a presented page is a child
    /// of its presenter).
    open override var restorationChildren: [any RestorableObject] {
        views + (presentedPage.map { [$0] } ?? [])
    }

    /// The window this page is in, through its owners.
    public var sceneWindow: SceneWindow? {
        var current: Restorable? = owner
        while let object = current {
            if let window = object as? SceneWindow { return window }
            current = object.owner
        }
        return nil
    }

    /// Shows `page` in a modal dialog over this page's window, once that window is on
    /// screen (a restored dialog waits for it, so that it comes up above it).
    public func present(_ page: Page) {
        dismiss()
        page.owner = self
        page.presentingPage = self
        presentedPage = page
        showDialog()
        invalidateRestorableState()
    }

    /// Makes the dialog of ``presentedPage`` if the page is in a window yet (a page
    /// restored before its stack took it gets it when the window appears).
    func showDialog() {
        guard let page = presentedPage, dialog == nil, let host = sceneWindow else { return }
        let dialog = Window(application: nil)
        dialog.title = page.title
        dialog.setChild(page.content)
        dialog.makeDialog(of: host.window)
        dialog.onCloseRequest { [weak self] in
            self?.dismiss()
            return false
        }
        dialog.onFocusChange { [weak self] in self?.invalidateRestorableState() }
        dialog.onActiveChange { [weak self, weak dialog] in
            guard dialog?.isActive == true else { return }
            MainLoop.schedule(after: .zero) { self?.dialogDidAppear(isFinal: true) }
        }
        self.dialog = dialog
        host.whenOnScreen { [weak self, weak dialog, weak page] in
            dialog?.present()
            page?.pageDidAppear()
            self?.dialogDidAppear(isFinal: false)
        }
    }

    /// Gives the dialog's restored focus, and its entries' cursors, back: once it is shown,
    /// and again (for good) when it first becomes active, as GTK moves them then.
    private func dialogDidAppear(isFinal: Bool) {
        guard let page = presentedPage else { return }
        restoredDialogFocus?.restoreFocus()
        page.applyOnScreenState(isFinal: isFinal)
        if isFinal { restoredDialogFocus = nil }
    }

    /// The object of the presented page whose widget holds its dialog's focus.
    public var dialogFocusHolder: (any FocusTarget)? {
        guard let page = presentedPage, let dialog else { return nil }
        return page.focusHolder(in: dialog)
    }

    /// Makes `cancel`, and Escape in the page, close the dialog this page is shown in.
    public func closesDialog(with cancel: Button) {
        cancel.onClick { [weak self] in self?.presentingPage?.dismiss() }
        content.addShortcut("Escape") { [weak self] in
            guard let presenter = self?.presentingPage else { return false }
            presenter.dismiss()
            return true
        }
    }

    /// Closes the dialog this page presents, if any.
    public func dismiss() {
        guard let page = presentedPage else { return }
        presentedPage = nil
        page.presentingPage = nil
        page.owner = nil
        let dialog = self.dialog
        self.dialog = nil
        dialog?.destroy()
        invalidateRestorableState()
    }

    // snippet: gtk-dialogs
    /// Records the structure: the presented page, as a reference (rules R8, R12), and
    /// which of its objects holds its dialog's focus.
    open override func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encodeObject(presentedPage, forKey: "gtk.presented")
        try coder.encodeObject(dialogFocusHolder, forKey: "gtk.dialogFocus")
    }

    /// Presents again what ``encodeRestorableState(with:)`` referenced, if it was restored.
    open override func decodeRestorableState(with coder: StateDecoder) throws {
        if let page = try coder.decodeContainedObject(of: Page.self, forKey: "gtk.presented") {
            present(page)
            restoredDialogFocus = try coder.decodeObject(forKey: "gtk.dialogFocus") as? any FocusTarget
        }
    }
    // end-snippet

    /// The stack that shows this page, if any.
    public var stack: PageStack? { owner as? PageStack }

    /// A container's `page` became the one it shows: the page hears it, then `didShow`,
    /// and the container's state is saved.
    func childDidAppear(_ page: Page?, then didShow: ((Page) -> Void)?) {
        guard let page else { return }
        page.pageDidAppear()
        didShow?(page)
        invalidateRestorableState()
    }

    /// Runs when the page becomes the one shown.
    open func pageDidAppear() {}

    /// The widget to focus when the page appears and nothing else was restored.
    open var initialFocus: (any FocusTarget)? { nil }
}
