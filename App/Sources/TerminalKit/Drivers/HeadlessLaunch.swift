/// An application launched on a ``HeadlessTerminal``, driven key by key: what a test of a
/// TerminalKit app holds. Each key or text is processed before the call returns, as the
/// run loop would between two reads, so the next line of the test sees its effect.
@MainActor
public protocol HeadlessLaunch {
    /// The launched application.
    var application: Application { get }
    /// The terminal it draws on.
    var terminal: HeadlessTerminal { get }
}

extension HeadlessLaunch {
    /// Types `text` and processes it.
    public func type(_ text: String) {
        terminal.type(text)
        application.processEvents()
    }

    /// Presses `keys` in order and processes them.
    public func press(_ keys: Key...) {
        for key in keys { terminal.press(key) }
        application.processEvents()
    }

    /// Presses `key` `times` times and processes them.
    public func press(_ key: Key, times: Int) {
        terminal.press(key, times: times)
        application.processEvents()
    }

    /// The screen as text, a line per row.
    public var screen: String { terminal.text }
}
