import GtkKit
import StateRestoration

/// A stack of pages, the top one shown: UIKit's navigation controller on a `GtkStack`.
///
/// Escape and Alt+← go back (GNOME's keys). Its pages may share an identifier and are told
/// apart by their position (rule R5). It records its pages as references and pushes them
/// again when it decodes (rules R8, R12, R31).
@MainActor
public final class PageStack: Page {
    /// The pages, bottom first.
    public private(set) var pages: [Page] = []
    /// Runs after a push or a pop, with the page now shown.
    public var didShow: ((Page) -> Void)?
    private let pageWidgets: Stack
    private var serial = 0

    /// Creates an empty stack.
    public init(restorationIdentifier: String? = nil) {
        let stack = Stack()
        self.pageWidgets = stack
        super.init(content: stack, restorationIdentifier: restorationIdentifier)
        stack.expand(horizontally: true, vertically: true)
        for key in ["Escape", "<Alt>Left"] {
            stack.addShortcut(key) { [weak self] in self?.pop() != nil }
        }
    }

    /// The page shown.
    public var topPage: Page? { pages.last }

    /// Shows `page` over the others.
    public func push(_ page: Page) {
        page.owner = self
        pages.append(page)
        serial += 1
        pageWidgets.add(page.content, name: "page-\(serial)")
        pageWidgets.show(page.content)
        pageChanged()
    }

    /// Takes the top page away, never the first; returns it.
    @discardableResult
    public func pop() -> Page? {
        guard pages.count > 1 else { return nil }
        let top = pages.removeLast()
        if let below = pages.last { pageWidgets.show(below.content) }
        pageWidgets.remove(top.content)
        top.owner = nil
        pageChanged()
        return top
    }

    /// Takes every page away and shows `page` alone (what was restored could not be used).
    public func reset(to page: Page) {
        for old in pages {
            pageWidgets.remove(old.content)
            old.owner = nil
        }
        pages = []
        push(page)
    }

    /// Says that `page`'s ``Page/title`` changed: ``didShow`` hears it again if the page is
    /// the one shown, so that the window's title follows.
    public func titleDidChange(of page: Page) {
        if page === topPage { didShow?(page) }
    }

    private func pageChanged() {
        childDidAppear(topPage, then: didShow)
    }

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
}
