import StateRestoration

/// A column of a ``SplitViewController``.
public enum SplitColumn: Hashable, Sendable {
    /// The left column: a list, say.
    case primary
    /// The right column: what the list opened.
    case secondary
}

/// What a split view controller asks when it changes shape: UIKit's
/// `UISplitViewControllerDelegate`. Every method has a default, so implement only what
/// you need.
@MainActor
public protocol SplitViewControllerDelegate: AnyObject {
    /// The terminal became narrower than the split's minimum width: the secondary column's
    /// stack is about to go onto the primary's (UIKit's
    /// `splitViewController(_:collapseSecondary:onto:)`).
    /// - Returns: True if you handled it yourself (the split then does nothing more, and
    ///   the secondary stack is left where it is, not shown); false for the default, which
    ///   pushes the secondary stack onto the primary one.
    func splitViewController(
        _ split: SplitViewController, collapseSecondary secondary: [ViewController],
        onto primary: NavigationController
    ) -> Bool

    /// The terminal became wide enough for two columns: which controllers of the primary
    /// stack move to the secondary column (UIKit's
    /// `splitViewController(_:separateSecondaryFrom:)`).
    /// - Returns: The controllers for the secondary column, or nil for the default: those
    ///   above the primary column's own (the ones the collapse pushed, or pushed since).
    func splitViewController(
        _ split: SplitViewController, separateSecondaryFrom primary: NavigationController
    )
        -> [ViewController]?

    /// The split now shows one stack.
    func splitViewControllerDidCollapse(_ split: SplitViewController)

    /// The split now shows two columns.
    func splitViewControllerDidExpand(_ split: SplitViewController)
}

extension SplitViewControllerDelegate {
    /// The default: false, so the secondary stack is pushed onto the primary.
    public func splitViewController(
        _ split: SplitViewController, collapseSecondary secondary: [ViewController],
        onto primary: NavigationController
    ) -> Bool { false }

    /// The default: nil, so what is above the primary column's own controllers moves.
    public func splitViewController(
        _ split: SplitViewController, separateSecondaryFrom primary: NavigationController
    )
        -> [ViewController]?
    { nil }

    /// The default does nothing.
    public func splitViewControllerDidCollapse(_ split: SplitViewController) {}

    /// The default does nothing.
    public func splitViewControllerDidExpand(_ split: SplitViewController) {}
}

/// Two columns side by side on a wide terminal, one stack on a narrow one: UIKit's
/// `UISplitViewController` in its column style.
///
/// - Each column is a ``NavigationController``: ``primaryNavigationController`` on the
///   left, ``secondaryNavigationController`` on the right, with a line between them.
/// - At least ``minimumWidthForSideBySide`` columns wide (120 unless set), both show.
///   Narrower, the split *collapses*: the secondary stack is pushed onto the primary one,
///   so one stack shows, and Esc goes back from the secondary's screens to the primary's.
///   Wider again, it *expands*: what the collapse pushed (or what was pushed over the
///   primary's own screens since) goes back to the secondary column. The
///   ``delegate`` may do either its own way, as in UIKit.
/// - The change happens at the frame after a resize, keeping the controllers, their
///   views, the focused view and its cursor: only where they are drawn changes.
/// - ``showSecondary(_:)`` (or ``ViewController/showDetailViewController(_:)`` from
///   inside) shows a controller in the secondary column, or pushes it when collapsed.
/// - Keys: ``otherColumnKey`` (Ctrl-O) moves the focus to the other column; Esc in the
///   secondary column, where it cannot go back, moves the focus to the primary. Tab and
///   Shift-Tab go round the focused column's views (each column is a focus group).
///
/// Restoration: the two navigation controllers are children with the identifiers
/// `primary` and `secondary`, restored where the split already holds them. Whether it was
/// collapsed (`collapsed`) and how many screens of the primary stack are the primary
/// column's own (`primaryDepth`) are restorable properties (rule R25). Restored in the
/// other shape, it collapses or expands at the first frame, as after a resize (rule T1).
@MainActor
open class SplitViewController: ViewController {
    /// The width below which the split collapses, unless ``minimumWidthForSideBySide`` is
    /// set: 120 columns.
    public static let defaultMinimumWidthForSideBySide = 120

    /// The narrowest view, in columns, that shows both columns.
    public var minimumWidthForSideBySide = SplitViewController.defaultMinimumWidthForSideBySide
    /// The primary column's share of the width, when both show.
    public var preferredPrimaryColumnFraction = 0.4
    /// The primary column's least width, when both show.
    public var minimumPrimaryColumnWidth = 30
    /// The key that moves the focus to the other column.
    public var otherColumnKey: Key = .ctrl("o")
    /// Shown in the secondary column while it is empty.
    public var secondaryPlaceholder = "Nothing selected" {
        didSet { placeholder.text = secondaryPlaceholder }
    }
    /// Told about collapsing and expanding, and asked how.
    public weak var delegate: (any SplitViewControllerDelegate)?

    /// The left column's stack.
    public let primaryNavigationController = NavigationController()
    /// The right column's stack; empty while collapsed (its screens are on the primary).
    public let secondaryNavigationController = NavigationController()

    /// True while one stack shows (restorable, rule R25: a change of shape schedules a save).
    @Restorable("collapsed") public private(set) var isCollapsed = false
    /// How many controllers at the bottom of the primary stack are the primary column's
    /// own, while collapsed (restorable).
    @Restorable("primaryDepth") private var primaryDepth = 1
    /// The column to give the focus at the next frame it is drawn in: the one that had it
    /// when the state was saved, or when the split disappeared (another tab or a modal
    /// screen showed).
    private var pendingFocus: SplitColumn?
    /// The window the split was last drawn in.
    private weak var lastWindow: Window?
    private let separator = ColumnSeparator()
    private let placeholder = Label("Nothing selected", style: .dim)

    /// Creates a split, with a controller at the bottom of each column's stack (a column
    /// given nil starts empty; restoration fills both).
    public init(primary: ViewController? = nil, secondary: ViewController? = nil) {
        super.init()
        primaryNavigationController.restorationIdentifier = "primary"
        secondaryNavigationController.restorationIdentifier = "secondary"
        addChild(primaryNavigationController)
        addChild(secondaryNavigationController)
        if let primary { primaryNavigationController.setViewControllers([primary]) }
        if let secondary { secondaryNavigationController.setViewControllers([secondary]) }
    }

    // MARK: Showing

    /// Shows a controller in the secondary column, replacing what it showed, and moves the
    /// focus there; collapsed, pushes it over the primary column's own screens instead
    /// (UIKit's `showDetailViewController(_:sender:)`).
    public func showSecondary(_ controller: ViewController) {
        if isCollapsed {
            let own = Array(primaryNavigationController.viewControllers.prefix(clampedDepth))
            primaryNavigationController.setViewControllers(own + [controller])
        } else {
            secondaryNavigationController.setViewControllers([controller])
        }
        focus(.secondary)
    }

    /// Empties the secondary column (collapsed: pops back to the primary column's own
    /// screens), and moves the focus to the primary.
    public func closeSecondary() {
        if isCollapsed {
            let own = Array(primaryNavigationController.viewControllers.prefix(clampedDepth))
            primaryNavigationController.setViewControllers(own)
        } else {
            secondaryNavigationController.setViewControllers([])
        }
        focus(.primary)
    }

    /// Takes the screens of `former`, a navigation controller that held the whole app before
    /// the app had this split (an archive saved by an earlier version, restored in
    /// `didDecodeRestorableState`): its first controller goes to the primary column if
    /// `primary` accepts it, its second to the secondary column if `secondary` accepts it,
    /// and what it presented is presented from `presenter`. `former` is left empty; anything
    /// else it held is dropped.
    /// - Returns: The controller `former` presented, now presented from `presenter`.
    @discardableResult
    public func adoptScreens(
        of former: NavigationController, presentingOver presenter: ViewController,
        primary: (ViewController) -> Bool, secondary: (ViewController) -> Bool
    ) -> ViewController? {
        let stack = former.viewControllers
        let presented = former.presentedViewController
        former.setViewControllers([])
        if let first = stack.first, primary(first) { primaryNavigationController.setViewControllers([first]) }
        if let second = stack.dropFirst().first, secondary(second) {
            secondaryNavigationController.setViewControllers([second])
        }
        if let presented { presenter.present(presented) }
        return presented
    }

    /// The controller shown in the secondary column (collapsed: the top of the stack, if it
    /// is above the primary column's own screens), or nil.
    public var secondaryViewController: ViewController? {
        if isCollapsed {
            let stack = primaryNavigationController.viewControllers
            return stack.count > clampedDepth ? stack.last : nil
        }
        return secondaryNavigationController.topViewController
    }

    /// The column with the focus; collapsed, the column whose screen shows. While the
    /// split is hidden (another tab shows), the column that had it.
    public var focusedColumn: SplitColumn {
        if isCollapsed { return secondaryViewController == nil ? .primary : .secondary }
        // Just hidden, the split is out of the window, whose focus is still in it.
        guard let responder = (window ?? lastWindow)?.firstResponder, let root = viewIfLoaded,
            responder.isDescendant(of: root)
        else {
            return pendingFocus ?? .primary
        }
        if let secondary = secondaryNavigationController.viewIfLoaded, responder.isDescendant(of: secondary) {
            return .secondary
        }
        return .primary
    }

    /// Moves the focus to a column's screen (to the view it last focused). Collapsed, only
    /// the screen shown can have it.
    public func focus(_ column: SplitColumn) {
        let navigation =
            column == .secondary && !isCollapsed ? secondaryNavigationController : primaryNavigationController
        guard let top = navigation.visibleViewController else { return }
        if let view = top.preferredFirstResponder {
            if let window { window.setFirstResponder(view) } else { top.preferredFocus = view }
        }
    }

    /// ``primaryDepth`` within the primary stack (0 when the primary column was empty). A
    /// negative depth, which the split never writes, is the default: the stack's root.
    private var clampedDepth: Int {
        min(primaryDepth < 0 ? 1 : primaryDepth, primaryNavigationController.viewControllers.count)
    }

    // MARK: Changing shape

    /// Pushes the secondary stack onto the primary (unless the delegate handles it).
    private func collapse() {
        isCollapsed = true
        let primary = primaryNavigationController
        primaryDepth = primary.viewControllers.count
        let secondary = secondaryNavigationController.viewControllers
        if !secondary.isEmpty,
            delegate?.splitViewController(self, collapseSecondary: secondary, onto: primary) != true
        {
            secondaryNavigationController.setViewControllers([])
            primary.setViewControllers(primary.viewControllers + secondary)
        }
        delegate?.splitViewControllerDidCollapse(self)
    }

    /// Moves what is above the primary column's own screens to the secondary column
    /// (or what the delegate says).
    private func expand() {
        let primary = primaryNavigationController
        let stack = primary.viewControllers
        let depth = clampedDepth
        isCollapsed = false
        let moving =
            delegate?.splitViewController(self, separateSecondaryFrom: primary)
            ?? Array(stack.dropFirst(depth))
        if !moving.isEmpty {
            primary.setViewControllers(stack.filter { kept in !moving.contains { $0 === kept } })
            secondaryNavigationController.setViewControllers(moving)
        }
        primaryDepth = 1
        delegate?.splitViewControllerDidExpand(self)
    }

    // MARK: View

    override open func loadView() {
        let root = View()
        // Tab goes round the fields of a column's screen; Ctrl-O goes to the other column.
        primaryNavigationController.view.isFocusGroup = true
        secondaryNavigationController.view.isFocusGroup = true
        root.addSubview(primaryNavigationController.view)
        root.addSubview(separator)
        root.addSubview(secondaryNavigationController.view)
        root.addSubview(placeholder)
        placeholder.alignment = .center
        placeholder.wraps = true
        view = root
    }

    override open func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        let bounds = view.bounds
        let collapsing = bounds.width < minimumWidthForSideBySide
        if collapsing != isCollapsed {
            if collapsing { collapse() } else { expand() }
        }
        let primaryView = primaryNavigationController.view
        let secondaryView = secondaryNavigationController.view
        if primaryView.superview !== view { view.addSubview(primaryView) }
        if secondaryView.superview !== view { view.addSubview(secondaryView) }
        if isCollapsed {
            primaryView.frame = bounds
            separator.isHidden = true
            secondaryView.isHidden = true
            placeholder.isHidden = true
            return
        }
        let share = Int(Double(bounds.width) * preferredPrimaryColumnFraction)
        let width = max(0, min(max(share, minimumPrimaryColumnWidth), bounds.width / 2))
        primaryView.frame = Rect(x: 0, y: 0, width: width, height: bounds.height)
        separator.isHidden = false
        separator.frame = Rect(x: width, y: 0, width: 1, height: bounds.height)
        let secondaryFrame = Rect(
            x: width + 1, y: 0, width: max(0, bounds.width - width - 1), height: bounds.height)
        let empty = secondaryNavigationController.viewControllers.isEmpty
        secondaryView.isHidden = empty
        secondaryView.frame = secondaryFrame
        placeholder.isHidden = !empty
        placeholder.text = secondaryPlaceholder
        let placeholderHeight = min(placeholder.preferredHeight, secondaryFrame.height)
        placeholder.frame = Rect(
            x: secondaryFrame.minX + 1, y: secondaryFrame.height / 2, width: max(0, secondaryFrame.width - 2),
            height: placeholderHeight)
    }

    override open func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        if let window { lastWindow = window }
        // Restored, or shown again: the focus goes back to its column (the window keeps a
        // focus set during layout, once the column's screen is in place).
        if let column = pendingFocus, window != nil {
            pendingFocus = nil
            focus(column)
        }
    }

    override open func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        pendingFocus = focusedColumn
    }

    // MARK: Keys

    override var builtInKeyCommands: [KeyCommand] {
        var commands = super.builtInKeyCommands
        guard !isCollapsed else { return commands }
        let focused = focusedColumn
        let other: SplitColumn = focused == .primary ? .secondary : .primary
        if other == .primary || !secondaryNavigationController.viewControllers.isEmpty {
            let title = other == .primary ? "List pane" : "Item pane"
            commands.append(
                KeyCommand(otherColumnKey, title: columnTitle(other) ?? title) { [weak self] in
                    self?.focus(other)
                })
        }
        if focused == .secondary, secondaryNavigationController.viewControllers.count <= 1 {
            commands.append(KeyCommand(.escape, title: "Back") { [weak self] in self?.focus(.primary) })
        }
        return commands
    }

    /// The title of a column's top screen, for the footer.
    private func columnTitle(_ column: SplitColumn) -> String? {
        let navigation = column == .primary ? primaryNavigationController : secondaryNavigationController
        guard let top = navigation.topViewController else { return nil }
        let title = NavigationController.title(of: top)
        return title.isEmpty ? nil : "To " + TextWidth.truncate(title, to: 16)
    }

    // MARK: Restoration

    /// Writes which column has the focus when both show (`focusedColumn`: `primary` or
    /// `secondary`), then what the superclass writes. The shape is in restorable properties.
    /// - Throws: ``StateCodingError`` from the coder.
    override open func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        if !isCollapsed {
            try coder.encode(focusedColumn == .secondary ? "secondary" : "primary", forKey: "focusedColumn")
        }
    }

    /// Reads the column that had the focus; the first frame gives it back.
    /// - Throws: ``StateCodingError`` for a value of the wrong type.
    override open func decodeRestorableState(with coder: StateDecoder) throws {
        try super.decodeRestorableState(with: coder)
        let column = try coder.decodeIfPresent(String.self, forKey: "focusedColumn")
        pendingFocus =
            switch column {
            case "primary": .primary
            case "secondary": .secondary
            default: nil  // saved collapsed, or before the key: the screen shown has it
            }
    }
}

/// The line between a split's columns.
@MainActor
final class ColumnSeparator: View {
    override func draw(in canvas: Canvas) {
        for y in 0..<canvas.size.height {
            canvas.text("│", at: Point(x: 0, y: y), style: .dim)
        }
    }
}
