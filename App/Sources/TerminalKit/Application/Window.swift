/// The window: the root view controller, what it presented, the footer of key hints, and
/// the first responder (UIKit's `UIWindow`).
///
/// Every frame the window works out which controllers are visible (the root, or the last
/// full-screen presented controller, with the overlays above it, and their visible
/// children), sends the appearance callbacks for what changed, lays out, and draws into a
/// ``Screen``.
@MainActor
public final class Window: Responder {
    /// The root view controller.
    public var rootViewController: ViewController? {
        didSet {
            if oldValue !== rootViewController {
                oldValue?.viewIfLoaded?.hostingWindow = nil
                oldValue?.rootOfWindow = nil
                rootViewController?.rootOfWindow = self
                // A new root names no object: the next save encodes everything (rule P1).
                // (The first root needs no call: a launch's first save encodes everything.)
                if oldValue != nil { application?.engine.stateDidChange() }
            }
        }
    }
    /// The size, in cells.
    public private(set) var size: Size
    /// The view that gets keys first.
    public private(set) weak var firstResponder: View? {
        didSet {
            guard firstResponder !== oldValue else { return }
            // The focus is saved by the controllers around it (`focus`, a split's column).
            Self.focusDidMove(from: oldValue)
            Self.focusDidMove(from: firstResponder)
        }
    }
    /// Shows the footer line of key hints (when the window has at least 3 rows).
    public var showsKeyHints = true
    /// Hints always shown at the end of the footer (for example `^C Quit`).
    public var additionalKeyHints: [KeyHint] = []
    /// The styles of the footer.
    public var theme: Theme = .standard

    weak var application: Application?
    private let hintBar = KeyHintBar()
    private var appeared: [ViewController] = []
    private var hosted: [View] = []
    private var pendingDidAppear: [ViewController] = []
    private var pendingDidDisappear: [ViewController] = []
    /// The focused view under each presented controller, when it was presented.
    private var focusBeneath: [WeakView] = []

    /// Creates a window of a size.
    public init(size: Size) {
        self.size = size
        super.init()
    }

    override public var nextResponder: Responder? { application }

    /// Says the focus moved: Tab and Shift-Tab, which the window takes when no responder
    /// did, change only that (rule P1).
    override public var reportsRestorableStateChanges: Bool { true }

    /// Names the controllers around `view` to the engine, innermost first: each may save
    /// which of its views, or columns, has the focus (rule P1).
    private static func focusDidMove(from view: View?) {
        var controller = view?.enclosingController
        var steps = 0
        while let current = controller, steps < 64 {
            current.invalidateRestorableState()
            controller = current.parent ?? current.presentingViewController
            steps += 1
        }
    }

    func resize(to size: Size) {
        self.size = size
    }

    /// Makes a view the first responder (nil: none; keys go to the top controller).
    func setFirstResponder(_ view: View?) {
        firstResponder = view
        if let view, let controller = view.enclosingController { controller.preferredFocus = view }
    }

    // MARK: What is visible

    /// The root and the controllers presented above it, in order.
    public var presentationChain: [ViewController] {
        guard let root = rootViewController else { return [] }
        var chain = [root]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        while let presented = chain.last?.presentedViewController,
            seen.insert(ObjectIdentifier(presented)).inserted
        {
            chain.append(presented)
        }
        return chain
    }

    /// The controllers drawn: the last full-screen one of the chain and the overlays above.
    var layers: [ViewController] {
        let chain = presentationChain
        let base =
            chain.lastIndex {
                $0 === rootViewController || $0.modalPresentationStyle == .fullScreen
                    || $0.modalPresentationStyle == .formSheet
            } ?? 0
        return Array(chain[base...])
    }

    /// The deepest visible controller of the top layer: where keys start without a first
    /// responder.
    public var topViewController: ViewController? {
        guard var controller = layers.last else { return nil }
        while let child = controller.visibleChildren.last { controller = child }
        return controller
    }

    /// The visible controllers, parents before children, bottom layer first.
    var visibleControllers: [ViewController] {
        var result: [ViewController] = []
        func visit(_ controller: ViewController) {
            result.append(controller)
            for child in controller.visibleChildren { visit(child) }
        }
        for layer in layers { visit(layer) }
        return result
    }

    /// The area controllers get: the window minus the footer.
    var contentFrame: Rect {
        let footer = showsKeyHints && size.height >= 3 ? 1 : 0
        return Rect(x: 0, y: 0, width: size.width, height: size.height - footer)
    }

    // MARK: A frame

    /// Sends the will-appear and will-disappear callbacks for what changed since the last
    /// time, lays out, and keeps the first responder valid. Runs after every key, so the
    /// next key of the same read already goes to a screen that was just pushed.
    func settle() {
        // Appearance callbacks may push or present; settle for a few rounds.
        for _ in 0..<4 {
            layout()
            let visible = visibleControllers
            let appearing = visible.filter { controller in !appeared.contains { $0 === controller } }
            let disappearing = appeared.filter { controller in !visible.contains { $0 === controller } }
            if appearing.isEmpty && disappearing.isEmpty { break }
            appeared = visible
            for controller in disappearing {
                controller.isVisible = false
                controller.viewWillDisappear(false)
            }
            for controller in appearing {
                controller.isVisible = true
                controller.viewWillAppear(false)
            }
            pendingDidDisappear += disappearing
            pendingDidAppear += appearing
        }
        layout()
        validateFirstResponder()
    }

    /// Settles, draws a frame, then sends the did-appear and did-disappear callbacks.
    func render() -> Screen {
        settle()
        let buffer = ScreenBuffer(size: size)
        let content = contentFrame
        for layer in layers {
            let frame = self.frame(of: layer)
            if frame != content { drawSheetEdges(around: frame, in: buffer) }
            let canvas = Canvas(target: buffer, origin: frame.origin, size: frame.size, clip: frame)
            layer.view.render(in: canvas)
        }
        if showsKeyHints && size.height >= 3 {
            hintBar.theme = theme
            hintBar.hints = currentKeyHints()
            let frame = Rect(x: 0, y: size.height - 1, width: size.width, height: 1)
            hintBar.frame = frame
            hintBar.render(in: Canvas(target: buffer, origin: frame.origin, size: frame.size, clip: frame))
        }
        let disappeared = pendingDidDisappear
        let appearedNow = pendingDidAppear
        pendingDidDisappear = []
        pendingDidAppear = []
        for controller in disappeared where !controller.isVisible { controller.viewDidDisappear(false) }
        for controller in appearedNow where controller.isVisible { controller.viewDidAppear(false) }
        return buffer.screen
    }

    private func layout() {
        let current = layers.map(\.view)
        for view in hosted where !current.contains(where: { $0 === view }) { view.hostingWindow = nil }
        for layer in layers {
            layer.view.hostingWindow = self
            layer.view.frame = frame(of: layer)
            layer.view.layoutTree()
        }
        hosted = current
    }

    /// Keeps the first responder inside the top layer and on screen; otherwise picks the
    /// top controller's preferred view. A dismissed controller gives the focus back to the
    /// view that had it when it was presented (the list's row, not the item beside it).
    private func validateFirstResponder() {
        let depth = presentationChain.count
        while focusBeneath.count < depth - 1 { focusBeneath.append(WeakView(view: firstResponder)) }
        if focusBeneath.count > max(0, depth - 1) {
            let restored = focusBeneath[max(0, depth - 1)].view
            focusBeneath.removeLast(focusBeneath.count - max(0, depth - 1))
            if let restored, isFocusable(restored) { setFirstResponder(restored) }
        }
        if let responder = firstResponder, isFocusable(responder) { return }
        firstResponder = nil
        var controller = topViewController
        while let candidate = controller {
            if let view = candidate.preferredFirstResponder, isFocusable(view) {
                firstResponder = view
                return
            }
            controller = candidate.parent
        }
    }

    private func isFocusable(_ view: View) -> Bool {
        guard view.canBecomeFirstResponder, let top = layers.last?.viewIfLoaded else { return false }
        var current: View? = view
        while let candidate = current {
            if candidate.isHidden { return false }
            if candidate === top { return true }
            current = candidate.superview
        }
        return false
    }

    // MARK: Form sheets

    /// The width of a form sheet (``ModalPresentationStyle/formSheet``), in columns.
    public static let formSheetWidth = 80
    /// The narrowest content that shows a form sheet with margins: narrower, it is full screen.
    public static let minimumWidthForFormSheet = 100

    /// Where a layer is drawn: the content area, or a form sheet's centred columns.
    func frame(of layer: ViewController) -> Rect {
        let content = contentFrame
        guard layer.modalPresentationStyle == .formSheet, layer !== rootViewController,
            content.width >= Self.minimumWidthForFormSheet
        else { return content }
        let x = content.minX + (content.width - Self.formSheetWidth) / 2
        return Rect(x: x, y: content.minY, width: Self.formSheetWidth, height: content.height)
    }

    /// A line down each side of a form sheet; the margins stay blank.
    private func drawSheetEdges(around frame: Rect, in buffer: ScreenBuffer) {
        let content = contentFrame
        let canvas = Canvas(target: buffer, origin: content.origin, size: content.size, clip: content)
        for y in 0..<frame.height {
            canvas.text("│", at: Point(x: frame.minX - content.minX - 1, y: y), style: .dim)
            canvas.text("│", at: Point(x: frame.maxX - content.minX, y: y), style: .dim)
        }
    }

    // MARK: Keys

    /// Where a key starts: the first responder, else the top controller.
    var startResponder: Responder? {
        if let firstResponder, isFocusable(firstResponder) { return firstResponder }
        return topViewController ?? self
    }

    /// Sends a key along the responder chain; returns the responder that used it (by
    /// ``Responder/handleKey(_:)`` or a key command), or nil if none did.
    func dispatch(_ key: Key) -> Responder? {
        var responder = startResponder
        var visited = 0
        while let current = responder, visited < 256 {
            if current.handleKey(key) { return current }
            for command in Self.commands(of: current) where command.key == key && command.isEnabled {
                command.action()
                return current
            }
            responder = current.nextResponder
            visited += 1
        }
        if key == .tab || key == .backTab { return moveFocus(forward: key == .tab) ? self : nil }
        return nil
    }

    private static func commands(of responder: Responder) -> [KeyCommand] {
        if let controller = responder as? ViewController {
            return responder.keyCommands + controller.builtInKeyCommands
        }
        return responder.keyCommands
    }

    /// Moves the focus to the next (or previous) view that takes keys in the top layer, going
    /// round inside the focus group (``View/isFocusGroup``) that holds the focused view, if any.
    @discardableResult
    func moveFocus(forward: Bool) -> Bool {
        guard let top = layers.last?.view else { return false }
        var scope = top
        var ancestor = firstResponder?.superview
        while let candidate = ancestor, candidate !== top {
            if candidate.isFocusGroup {
                scope = candidate
                break
            }
            ancestor = candidate.superview
        }
        let views = scope.focusableViews(stoppingAtControllers: false)
        guard !views.isEmpty else { return false }
        let current = firstResponder.flatMap { responder in views.firstIndex { $0 === responder } }
        let next: Int
        if let current {
            next = (current + (forward ? 1 : views.count - 1)) % views.count
        } else {
            next = forward ? 0 : views.count - 1
        }
        setFirstResponder(views[next])
        return true
    }

    /// The footer's hints: along the responder chain from the start, first wins per key.
    /// Character keys are left out past a responder that takes text input; everything is
    /// past one that uses every key, but Ctrl-C and Ctrl-Z.
    func currentKeyHints() -> [KeyHint] {
        var hints: [KeyHint] = []
        var labels: Set<String> = []
        var textInput = false
        var modal = false
        var responder = startResponder
        var visited = 0
        while let current = responder, visited < 256 {
            var own = current.keyHints
            if let controller = current as? ViewController {
                own += controller.builtInKeyCommands.compactMap { command in
                    command.title.flatMap { command.isEnabled ? KeyHint(key: command.key, title: $0) : nil }
                }
            }
            for hint in own where labels.insert(hint.label).inserted {
                if textInput, let key = hint.key, key.text != nil { continue }
                hints.append(hint)
            }
            if current.consumesTextInput { textInput = true }
            if current.consumesAllKeys {
                modal = true
                break
            }
            responder = current.nextResponder
            visited += 1
        }
        for hint in additionalKeyHints where labels.insert(hint.label).inserted {
            if modal && hint.key != .ctrl("c") && hint.key != .ctrl("z") { continue }
            if textInput, let key = hint.key, key.text != nil { continue }
            hints.append(hint)
        }
        return hints
    }
}

/// A view held weakly (a focus to give back).
private struct WeakView {
    weak var view: View?
}
