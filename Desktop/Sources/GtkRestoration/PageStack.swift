import GtkKit
import StateRestoration

/// A stack of pages, the top one shown: UIKit's navigation controller on a `GtkStack`,
/// which can also split (``isSplit``): its first page (a list) in a sidebar, the top page
/// beside it, as UIKit's split view controller shows a list and an item when wide.
///
/// Escape and Alt+← go back (GNOME's keys). Its pages may share an identifier and are told
/// apart by their position (rule R5). It records its pages as references and pushes them
/// again when it decodes (rules R8, R12, R31). Whether it is split is not saved: the app
/// splits it by the window's width, which is (rule G2).
@MainActor
public final class PageStack: Page {
    /// The pages, bottom first.
    public private(set) var pages: [Page] = []
    /// Runs after a push or a pop, with the page now shown.
    public var didShow: ((Page) -> Void)?
    /// What shows beside the first page, split, while no other page is pushed.
    public var placeholder: Widget? {
        didSet {
            if let oldValue { pageWidgets.remove(oldValue) }
            if let placeholder { pageWidgets.add(placeholder, name: "placeholder") }
            arrange()
        }
    }
    /// Side by side: the first page in a sidebar ``sidebarWidth`` wide, the top page (or the
    /// ``placeholder``) beside it. Folded (false): the top page alone. The first page's
    /// widget stays where it is either way (in the sidebar, which fills the window when the
    /// first page is shown alone), so the focus in it stays too; focus in a page that is
    /// hidden goes to the top page.
    public var isSplit = false {
        didSet {
            guard isSplit != oldValue else { return }
            let holder = sceneWindow?.focusHolder
            arrange()
            if let holder, !holder.focusWidget.isVisibleOnScreen { topPage?.initialFocus?.restoreFocus() }
        }
    }
    /// The sidebar's width when split, in pixels.
    public let sidebarWidth: Int32
    private let pageWidgets = Stack()
    private let sidebar = Box(.vertical)
    private let separator = Separator(.vertical)
    private var serial = 0

    /// Creates an empty stack, whose sidebar is `sidebarWidth` pixels wide when split.
    public init(restorationIdentifier: String? = nil, sidebarWidth: Int32 = 360) {
        self.sidebarWidth = sidebarWidth
        let container = Box(.horizontal)
        super.init(content: container, restorationIdentifier: restorationIdentifier)
        container.append(sidebar)
        container.append(separator)
        container.append(pageWidgets)
        pageWidgets.expand(horizontally: true, vertically: true)
        arrange()
        for key in ["Escape", "<Alt>Left"] {
            pageWidgets.addShortcut(key) { [weak self] in self?.pop() != nil }
        }
    }

    /// The page shown (beside the first, when split).
    public var topPage: Page? { pages.last }

    /// Shows `page` over the others.
    public func push(_ page: Page) {
        page.owner = self
        pages.append(page)
        if pages.count == 1 {
            sidebar.append(page.content)
        } else {
            serial += 1
            pageWidgets.add(page.content, name: "page-\(serial)")
        }
        arrange()
        pageChanged()
    }

    /// Takes the top page away, never the first; returns it.
    @discardableResult
    public func pop() -> Page? {
        guard pages.count > 1 else { return nil }
        let top = pages.removeLast()
        pageWidgets.remove(top.content)
        top.owner = nil
        arrange()
        pageChanged()
        // The focus was in the page that went: the page now shown takes it.
        topPage?.initialFocus?.restoreFocus()
        return top
    }

    /// Takes every page but the first away.
    public func popToFirst() {
        while pop() != nil {}
    }

    /// Takes every page away and shows `page` alone (what was restored could not be used).
    public func reset(to page: Page) {
        for (index, old) in pages.enumerated() {
            if index == 0 { sidebar.remove(old.content) } else { pageWidgets.remove(old.content) }
            old.owner = nil
        }
        pages = []
        push(page)
    }

    /// Shows what ``isSplit`` and the pages want: the sidebar (the first page) beside the
    /// stack's area, or one of them filling the window; the area shows the top page, or
    /// the placeholder.
    private func arrange() {
        let firstAlone = pages.count <= 1
        sidebar.isVisible = isSplit || firstAlone
        separator.isVisible = isSplit
        pageWidgets.isVisible = isSplit || !firstAlone
        sidebar.setSizeRequest(width: isSplit ? sidebarWidth : -1, height: -1)
        sidebar.expand(horizontally: !isSplit, vertically: true)
        if !firstAlone, let top = topPage {
            pageWidgets.show(top.content)
        } else if let placeholder {
            pageWidgets.show(placeholder)
        }
    }

    /// Says that `page`'s ``Page/title`` changed: ``didShow`` hears it again if the page is
    /// the one shown, so that the window's title follows.
    public func titleDidChange(of page: Page) {
        if page === topPage { didShow?(page) }
    }

    private func pageChanged() {
        childDidAppear(topPage, then: didShow)
    }

    // snippet: gtk-page-stack
    public override var restorationChildren: [any RestorableObject] { pages + super.restorationChildren }
    public override var restorationChildrenArePositional: Bool { true }

    public override func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        try coder.encodeObjects(pages, forKey: "gtk.pages")
    }

    public override func decodeRestorableState(with coder: StateDecoder) throws {
        try super.decodeRestorableState(with: coder)
        for page in try coder.decodeContainedObjects(of: Page.self, forKey: "gtk.pages") {
            push(page)
        }
    }
    // end-snippet
}
