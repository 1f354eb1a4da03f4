/// An in-memory terminal for tests: the twin of ``ANSITerminal``.
///
/// A test types keys, sends raw bytes (they go through the same ``KeyDecoder`` as a real
/// terminal's), resizes, and sends signals; the application draws into ``screen``, which
/// the test compares as text. Its clock moves only through ``advanceTime(by:)``: no test
/// ever sleeps. Many headless applications can run in one process, in parallel.
@MainActor
public final class HeadlessTerminal: TerminalDriver {
    /// The size the application lays out for.
    public private(set) var size: Size
    /// The virtual clock.
    public private(set) var now: Duration = .zero
    /// The last frame drawn.
    public private(set) var screen: Screen
    /// How many frames were drawn.
    public private(set) var frameCount = 0
    /// True while the application says it is launching (``TerminalDriver/setLaunching(_:)``):
    /// on a real terminal, Ctrl-C is then a signal that ends the process, not a key.
    public private(set) var isLaunching = false
    /// Whether the application was launching when each frame was drawn, in order.
    public private(set) var launchingAtFrames: [Bool] = []
    /// True between ``start()`` and ``stop()``: the terminal is "taken over".
    public private(set) var isActive = false
    /// How many times the application suspended itself (Ctrl-Z).
    public private(set) var suspendCount = 0
    /// How many times the application took the terminal over again after SIGCONT.
    public private(set) var resumeCount = 0
    /// The ANSI bytes a real terminal would have received for each frame, if
    /// ``recordsOutput`` is on.
    public private(set) var output: [UInt8] = []
    /// Turns recording of ANSI output on, for tests of the diffing.
    public var recordsOutput = false
    /// What the ANSI renderer would do under `NO_COLOR` (false) or not.
    public var colorEnabled = true
    /// The decoder raw bytes go through.
    public private(set) var decoder = KeyDecoder()

    private var queue: [TerminalEvent] = []
    private var renderer = ANSIRenderer(colorEnabled: true)

    /// Creates a terminal of the given size.
    public init(size: Size = Size(width: 80, height: 24)) {
        self.size = size
        self.screen = Screen(size: size)
    }

    public func setLaunching(_ launching: Bool) {
        isLaunching = launching
    }

    public var isInteractive: Bool { false }

    public func start() throws(TerminalError) { isActive = true }

    public func stop() { isActive = false }

    public func draw(_ screen: Screen) {
        self.screen = screen
        frameCount += 1
        launchingAtFrames.append(isLaunching)
        if recordsOutput {
            renderer.colorEnabled = colorEnabled
            output += renderer.render(screen)
        }
    }

    public func invalidate() { renderer.invalidate() }

    /// What the app put on the desktop's clipboard, in order: the OSC 52 sequences the ANSI
    /// terminal would have written (``SystemClipboard``), nil for text too long to send.
    public private(set) var clipboardWrites: [String?] = []

    public func copyToSystemClipboard(_ text: String) {
        clipboardWrites.append(SystemClipboard.sequence(copying: text))
    }

    /// Returns the queued events. With none queued: a pending lone Escape, else the clock
    /// moves by `timeout` (idle time passes), else, with no timeout, the end of input
    /// (the script is over), so ``Application/run()`` always returns.
    public func waitForEvents(timeout: Duration?) -> [TerminalEvent] {
        if queue.isEmpty {
            let flushed = decoder.flush()
            if !flushed.isEmpty { return flushed.map(TerminalEvent.key) }
            guard let timeout else { return [.endOfInput] }
            if timeout > .zero { now += timeout }
            return []
        }
        defer { queue.removeAll() }
        return queue
    }

    public func suspend() { suspendCount += 1 }

    public func resume() {
        resumeCount += 1
        renderer.invalidate()
    }

    // MARK: Input

    /// Queues each character as a key press.
    public func type(_ text: String) {
        for character in text { queue.append(.key(.character(character))) }
    }

    /// Queues key presses.
    public func press(_ keys: Key...) {
        for key in keys { queue.append(.key(key)) }
    }

    /// Queues a key press `count` times.
    public func press(_ key: Key, times count: Int) {
        for _ in 0..<max(0, count) { queue.append(.key(key)) }
    }

    /// Queues raw bytes as one `read()` would deliver them; they go through the
    /// ``KeyDecoder``. A lone `ESC` at the end becomes Escape when the input goes idle.
    public func send(bytes: [UInt8]) {
        queue += decoder.decode(bytes).map(TerminalEvent.key)
    }

    /// Queues a bracketed paste of `text`, as a terminal sends it once the app turned
    /// bracketed paste on: the markers and the text's bytes, through the ``KeyDecoder``.
    public func paste(_ text: String) {
        send(bytes: Array("\u{1B}[200~".utf8) + Array(text.utf8) + Array("\u{1B}[201~".utf8))
    }

    /// Resizes the terminal, as SIGWINCH would report it.
    public func resize(to size: Size) {
        self.size = size
        queue.append(.resize(size))
    }

    /// Queues a signal.
    public func send(_ signal: TerminalSignal) {
        queue.append(.signal(signal))
    }

    /// Queues the end of input, as a closed terminal would.
    public func closeInput() {
        queue.append(.endOfInput)
    }

    /// Moves the virtual clock; the application's timers fire at its next
    /// ``Application/processEvents()``.
    public func advanceTime(by duration: Duration) {
        now += duration
    }

    // MARK: Reading the screen

    /// The screen as text, one line per row, trailing spaces removed.
    public var text: String { screen.text }

    /// Where the cursor is shown, or nil.
    public var cursor: Point? { screen.cursor }
}
