/// Something in the chain that keys travel along: views, view controllers, the window and
/// the application (UIKit's `UIResponder`).
///
/// A key goes first to the window's first responder. Each responder in turn gets
/// ``handleKey(_:)``, then its ``keyCommands`` are matched; the first that takes the key
/// stops it. Otherwise it moves to ``nextResponder``: a view's superview (or its view
/// controller, for a controller's root view), a controller's parent, the window, the
/// application.
@MainActor
open class Responder {
    /// Creates a responder.
    public init() {}

    /// The next responder in the chain, or nil at its end.
    open var nextResponder: Responder? { nil }

    /// Handles a key; returns true if it was used. The default uses nothing.
    open func handleKey(_ key: Key) -> Bool { false }

    /// Keys that trigger actions while this responder is in the chain. Those with a title
    /// show in the footer's key hints.
    open var keyCommands: [KeyCommand] { [] }

    /// The hints this responder adds to the footer. Defaults to its titled key commands.
    open var keyHints: [KeyHint] {
        keyCommands.compactMap { command in command.title.map { KeyHint(key: command.key, title: $0) } }
    }

    /// True if this responder takes plain character keys as text (a text field): hints for
    /// character keys further down the chain are then hidden, as those keys would type.
    open var consumesTextInput: Bool { false }

    /// True if this responder uses every key that reaches it (a modal alert): the footer
    /// then leaves out the hints of responders further down the chain, and the window's
    /// additional hints except Ctrl-C and Ctrl-Z, which the application handles first.
    open var consumesAllKeys: Bool { false }

    /// True if what this responder does with a key (``handleKey(_:)`` and its
    /// ``keyCommands``) says which restorable objects it changed, each calling
    /// `invalidateRestorableState()` (rule P1): the next save then encodes those again and
    /// copies every other record. False (the default): the application cannot know what
    /// the key changed, and the next save after a key this responder takes encodes
    /// everything. TerminalKit's text, table and scroll views and the window say true; a
    /// subclass that changes what it saves on a key says so too, or answers false.
    open var reportsRestorableStateChanges: Bool { false }
}

/// A key bound to an action (UIKit's `UIKeyCommand`).
public struct KeyCommand {
    /// The key.
    public var key: Key
    /// Shown in the footer; nil keeps the command out of the hints.
    public var title: String?
    /// A disabled command does not match.
    public var isEnabled: Bool
    /// What the key does.
    public var action: @MainActor () -> Void

    /// Creates a key command.
    public init(
        _ key: Key, title: String? = nil, isEnabled: Bool = true, action: @escaping @MainActor () -> Void
    ) {
        self.key = key
        self.title = title
        self.isEnabled = isEnabled
        self.action = action
    }
}

/// One entry of the footer: a key and what it does.
public struct KeyHint: Hashable, Sendable {
    /// The key as shown (`a`, `^C`, `Esc`, `S-↑↓`).
    public var label: String
    /// What it does.
    public var title: String
    /// The key, if the hint stands for exactly one (used to hide shadowed hints).
    public var key: Key?
    /// True for a hint a narrow footer keeps when others have to go (how to quit): the
    /// footer makes room for it first, and for no second essential hint with the same
    /// title (`q Quit` and `^C Quit`).
    public var isEssential: Bool

    /// A hint for one key.
    public init(key: Key, title: String, isEssential: Bool = false) {
        self.label = key.description
        self.title = title
        self.key = key
        self.isEssential = isEssential
    }

    /// A hint with a free-form label, for key groups such as `↑↓`.
    public init(label: String, title: String, isEssential: Bool = false) {
        self.label = label
        self.title = title
        self.key = nil
        self.isEssential = isEssential
    }
}
