/// Errors a driver reports when it cannot take over the terminal.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Standard input or output is not a terminal.
    case notATerminal(descriptor: Int32)
    /// A system call failed.
    case system(call: String, errno: Int32, message: String)

    public var description: String {
        switch self {
        case .notATerminal(let descriptor):
            "file descriptor \(descriptor) is not a terminal; run this program in a terminal"
        case .system(let call, let errno, let message):
            "\(call) failed: \(message) (errno \(errno))"
        }
    }
}

/// The terminal as the run loop sees it: events in, frames out.
///
/// ``ANSITerminal`` drives a real terminal; ``HeadlessTerminal`` is its in-memory twin for
/// tests, with a clock that moves only when the test says so.
@MainActor
public protocol TerminalDriver: AnyObject {
    /// The current size.
    var size: Size { get }
    /// A monotonic clock: the time since the driver was created. The run loop's timers
    /// (and so the engine's debounce) run on it.
    var now: Duration { get }
    /// True if output goes to a real terminal, where stray writes (to stderr) would tear
    /// the screen.
    var isInteractive: Bool { get }
    /// Takes over the terminal: raw mode, alternate screen, hidden cursor, signals.
    /// - Throws: ``TerminalError`` when there is no terminal to take over.
    func start() throws(TerminalError)
    /// Gives the terminal back exactly as it was found. Safe to call twice.
    func stop()
    /// Shows a frame.
    func draw(_ screen: Screen)
    /// Makes the next ``draw(_:)`` repaint every cell (after a resume or a resize).
    func invalidate()
    /// Waits until events arrive or `timeout` passes (nil: no limit), and returns them.
    /// A timeout of zero only collects what is already there.
    func waitForEvents(timeout: Duration?) -> [TerminalEvent]
    /// Gives the terminal back and stops the process until it is continued (Ctrl-Z), then
    /// takes the terminal over again.
    func suspend()
    /// Takes the terminal over again after the process was continued (SIGCONT) without
    /// going through ``suspend()``, for example after `kill -STOP`: the shell may have put
    /// the terminal back in cooked mode meanwhile. The next frame repaints everything.
    func resume()
    /// A function that any thread may call to wake ``waitForEvents(timeout:)`` early, with
    /// no event: the run loop then runs what other threads posted to it. The default does
    /// nothing (a driver whose wait never blocks, such as ``HeadlessTerminal``).
    var waker: @Sendable () -> Void { get }
    /// Marks the launch (true until the first frame): a terminating signal, or Ctrl-C,
    /// then ends the process at once with the terminal put back, since no run loop reads
    /// them yet. The default does nothing.
    func setLaunching(_ launching: Bool)
    /// Puts text on the desktop's clipboard, if the terminal takes it (``SystemClipboard``).
    /// The default does nothing.
    func copyToSystemClipboard(_ text: String)
}

extension TerminalDriver {
    public var waker: @Sendable () -> Void { {} }
    public func setLaunching(_ launching: Bool) {}
    public func copyToSystemClipboard(_ text: String) {}
}
