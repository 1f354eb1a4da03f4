/// Something that happened to the terminal: what a driver hands to the run loop.
public enum TerminalEvent: Hashable, Sendable {
    /// A key press.
    case key(Key)
    /// The terminal has a new size (SIGWINCH).
    case resize(Size)
    /// A signal arrived.
    case signal(TerminalSignal)
    /// The input ended: the terminal closed, or a headless script ran out.
    case endOfInput
}

/// The signals an application reacts to.
public enum TerminalSignal: Hashable, Sendable, CaseIterable {
    /// SIGTSTP: enter the background, save state, put the terminal back, stop.
    case suspend
    /// SIGCONT: raw mode again, redraw, enter the foreground.
    case resume
    /// SIGTERM: save, put the terminal back, exit 0.
    case terminate
    /// SIGHUP: the terminal went away; save and exit 0.
    case hangup
    /// SIGINT: as Ctrl-C.
    case interrupt
    /// SIGQUIT: as SIGTERM.
    case quit
}
