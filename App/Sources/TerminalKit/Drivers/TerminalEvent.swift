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
    /// SIGTERM: save, put the terminal back, exit 143.
    case terminate
    /// SIGHUP: the terminal went away; save and exit 129.
    case hangup
    /// SIGINT: save, put the terminal back, exit 130 (the Ctrl-C key, read in raw mode, is
    /// a quit key instead: exit 0).
    case interrupt
    /// SIGQUIT: as SIGTERM, exit 131.
    case quit

    /// 128 + the signal's number for those that end the application, as shells report a
    /// program that a signal ended; nil for those that do not.
    public var exitStatus: Int32? {
        switch self {
        case .suspend, .resume: nil
        case .terminate: 128 + 15
        case .hangup: 128 + 1
        case .interrupt: 128 + 2
        case .quit: 128 + 3
        }
    }
}
