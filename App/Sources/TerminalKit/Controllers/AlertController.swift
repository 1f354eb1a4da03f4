import StateRestoration

/// A question in a box over the current screen, with buttons (UIKit's
/// `UIAlertController`). Present it with ``ViewController/present(_:animated:completion:)``.
///
/// ←/→ or Tab choose a button, Enter presses it, each action's key presses it directly,
/// Escape presses the cancel action (or just dismisses). The alert dismisses itself, then
/// runs the action's handler.
///
/// The button Enter presses at first is ``preferredAction`` if set; otherwise, when an
/// action is destructive, the cancel action (so Del then Enter never destroys anything),
/// else the first action that is not the cancel action. The footer says what Enter, Escape
/// and each action's key do, and nothing else but the application's Ctrl-C and Ctrl-Z: an
/// alert is modal, so the keys of the screen below it do nothing.
@MainActor
open class AlertController: ViewController {
    /// One button.
    public struct Action {
        /// What kind of button.
        public enum Style: Hashable, Sendable {
            case `default`
            case cancel
            case destructive
        }

        /// The button's title.
        public var title: String
        /// Its kind; the cancel action also answers Escape.
        public var style: Style
        /// A key that presses it directly (for example `y`), or nil.
        public var key: Key?
        /// Runs after the alert is dismissed.
        public var handler: (@MainActor () -> Void)?

        /// Creates an action.
        public init(
            title: String, style: Style = .default, key: Key? = nil, handler: (@MainActor () -> Void)? = nil
        ) {
            self.title = title
            self.style = style
            self.key = key
            self.handler = handler
        }
    }

    /// The message.
    public var message: String?
    /// The buttons, in order.
    public private(set) var actions: [Action] = []
    /// The button Enter presses.
    public var selectedIndex = 0
    /// The action Enter presses when the alert appears (UIKit's `preferredAction`); setting
    /// it chooses its button. It must be one of ``actions``, matched by title.
    public var preferredAction: Action? {
        didSet { chooseDefaultButton() }
    }

    /// Creates an alert.
    public init(title: String?, message: String?) {
        self.message = message
        super.init()
        self.title = title
        modalPresentationStyle = .overCurrentContext
    }

    /// Adds a button, and chooses the default button again (see the type's notes).
    public func addAction(_ action: Action) {
        actions.append(action)
        chooseDefaultButton()
    }

    private func chooseDefaultButton() {
        let cancel = actions.firstIndex { $0.style == .cancel }
        if let preferred = preferredAction,
            let index = actions.firstIndex(where: { $0.title == preferred.title })
        {
            selectedIndex = index
        } else if let cancel, actions.contains(where: { $0.style == .destructive }) {
            selectedIndex = cancel
        } else if let first = actions.firstIndex(where: { $0.style != .cancel }) {
            selectedIndex = first
        } else {
            selectedIndex = cancel ?? 0
        }
    }

    override open func loadView() {
        view = AlertView(controller: self)
    }

    override open func handleKey(_ key: Key) -> Bool {
        switch key.code {
        case .left where !actions.isEmpty:
            selectedIndex = (selectedIndex + actions.count - 1) % actions.count
        case .right where !actions.isEmpty, .tab where !actions.isEmpty:
            let step = key.modifiers.contains(.shift) ? actions.count - 1 : 1
            selectedIndex = (selectedIndex + step) % actions.count
        case .enter:
            guard actions.indices.contains(selectedIndex) else {
                dismiss()
                return true
            }
            press(actions[selectedIndex])
        case .escape:
            if let cancel = actions.first(where: { $0.style == .cancel }) {
                press(cancel)
            } else {
                dismiss()
            }
        default:
            if let action = actions.first(where: { $0.key == key }) {
                press(action)
            }
        // Other keys do nothing, and go no further: the alert is modal.
        }
        return true
    }

    /// The chosen button first, Enter among its keys ("Enter/n/Esc Cancel": each title
    /// once), then each other action's key (Escape with the cancel action), then ←→ to
    /// choose.
    override open var keyHints: [KeyHint] {
        var hints: [KeyHint] = []
        let cancel = actions.firstIndex { $0.style == .cancel }
        let order = actions.indices.sorted {
            ($0 == selectedIndex ? 0 : 1, $0) < ($1 == selectedIndex ? 0 : 1, $1)
        }
        for index in order {
            let action = actions[index]
            let labels =
                (index == selectedIndex ? ["Enter"] : []) + (action.key.map { [$0.description] } ?? [])
                + (index == cancel ? ["Esc"] : [])
            guard !labels.isEmpty else { continue }
            hints.append(KeyHint(label: labels.joined(separator: "/"), title: action.title))
        }
        if cancel == nil { hints.append(KeyHint(key: .escape, title: "Close")) }
        if actions.count > 1 { hints.append(KeyHint(label: "←→", title: "Choose")) }
        return hints
    }

    /// True: an alert is modal, every key stops here.
    override open var consumesAllKeys: Bool { true }

    // MARK: Restoration

    /// Writes the chosen button (key `selectedIndex`), then what the superclass writes. A
    /// subclass with a ``ViewController/restorationIdentifier`` and a restoration class
    /// that rebuilds its actions comes back as it was left.
    /// - Throws: ``StateCodingError`` from the coder.
    override open func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(selectedIndex, forKey: "selectedIndex")
        try super.encodeRestorableState(with: coder)
    }

    /// Reads the chosen button, if it is one of the actions, then what the superclass wrote.
    /// - Throws: ``StateCodingError`` for a value of the wrong type.
    override open func decodeRestorableState(with coder: StateDecoder) throws {
        if let index = try coder.decodeIfPresent(Int.self, forKey: "selectedIndex"),
            actions.indices.contains(index)
        {
            selectedIndex = index
        }
        try super.decodeRestorableState(with: coder)
    }

    private func press(_ action: Action) {
        dismiss()
        action.handler?()
    }
}

/// The box an ``AlertController`` draws, centred over what is below.
@MainActor
final class AlertView: View {
    private weak var controller: AlertController?

    init(controller: AlertController) {
        self.controller = controller
        super.init()
    }

    override func draw(in canvas: Canvas) {
        guard let controller else { return }
        let buttons = controller.actions.map { "[ \($0.title) ]" }
        let buttonsWidth = buttons.reduce(0) { $0 + TextWidth.of($1) } + max(0, buttons.count - 1) * 2
        let title = controller.title ?? ""
        let message = controller.message ?? ""
        let contentWidth = min(
            max(TextWidth.of(title), TextWidth.of(message), buttonsWidth), max(1, canvas.size.width - 4))
        // Title and message wrap rather than lose their end (a narrow terminal).
        let titleRows = title.isEmpty ? [] : TextWidth.wrap(title, to: contentWidth)
        let messageRows =
            message.isEmpty
            ? []
            : message.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
                TextWidth.wrap($0, to: contentWidth)
            }
        let width = min(canvas.size.width, contentWidth + 4)
        let height = min(canvas.size.height, 2 + titleRows.count + messageRows.count + 1)
        guard width >= 2, height >= 2 else {
            if width > 0 && height > 0 {
                canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: "!", style: .reverse)
            }
            return
        }
        let box = Rect(
            x: (canvas.size.width - width) / 2, y: (canvas.size.height - height) / 2, width: width,
            height: height)
        let style = theme.alert
        canvas.fill(box, style: style)
        for x in (box.minX + 1)..<(box.maxX - 1) {
            canvas.text("─", at: Point(x: x, y: box.minY), style: style)
            canvas.text("─", at: Point(x: x, y: box.maxY - 1), style: style)
        }
        for y in (box.minY + 1)..<(box.maxY - 1) {
            canvas.text("│", at: Point(x: box.minX, y: y), style: style)
            canvas.text("│", at: Point(x: box.maxX - 1, y: y), style: style)
        }
        canvas.text("┌", at: Point(x: box.minX, y: box.minY), style: style)
        canvas.text("┐", at: Point(x: box.maxX - 1, y: box.minY), style: style)
        canvas.text("└", at: Point(x: box.minX, y: box.maxY - 1), style: style)
        canvas.text("┘", at: Point(x: box.maxX - 1, y: box.maxY - 1), style: style)
        let inner = max(0, width - 4)
        var y = box.minY + 1
        var rows = titleRows.map { ($0, style.adding(.bold)) } + messageRows.map { ($0, style) }
        // The buttons' row always shows: text that does not fit above it (a long name, a
        // short terminal) is cut, its last row shown ending in "…".
        let textRows = max(0, height - 3)
        if rows.count > textRows {
            rows.removeLast(rows.count - textRows)
            if let last = rows.indices.last {
                let cut = rows[last].0
                rows[last].0 =
                    TextWidth.of(cut) < inner ? cut + "…" : TextWidth.truncate(cut + "…", to: inner)
            }
        }
        for (text, textStyle) in rows {
            guard y < box.maxY - 1 else { break }
            let shown = TextWidth.truncate(text, to: inner)
            canvas.text(
                shown, at: Point(x: box.minX + 2 + (inner - TextWidth.of(shown)) / 2, y: y), style: textStyle)
            y += 1
        }
        guard y < box.maxY - 1 else { return }
        var x = box.minX + 2 + max(0, (inner - buttonsWidth) / 2)
        for (index, button) in buttons.enumerated() {
            let chosen = index == controller.selectedIndex
            x += canvas.text(
                button, at: Point(x: x, y: y), style: chosen ? theme.alertButton : style,
                maxWidth: max(0, box.maxX - 2 - x))
            x += 2
        }
    }
}
