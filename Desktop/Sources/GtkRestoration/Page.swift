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

    /// Saves `view` with the page.
    public func addView(_ view: Restorable) {
        view.owner = self
        views.append(view)
    }

    /// The page's views, then what a subclass adds.
    open override var restorationChildren: [any RestorableObject] { views }

    /// The stack that shows this page, if any.
    public var stack: PageStack? { owner as? PageStack }

    /// Runs when the page becomes the one shown.
    open func pageDidAppear() {}

    /// The widget to focus when the page appears and nothing else was restored.
    open var initialFocus: (any FocusTarget)? { nil }
}
