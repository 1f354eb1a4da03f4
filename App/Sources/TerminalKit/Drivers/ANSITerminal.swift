import CTerminal
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A real terminal: termios raw mode, the alternate screen, ANSI output and key decoding.
///
/// Signals arrive through a self-pipe: the C handlers (in the `CTerminal` shim) only
/// `write()` the signal number to it, and ``waitForEvents(timeout:)`` `poll()`s the pipe
/// together with the terminal, so the run loop wakes for keys, signals and timers alike.
/// Other threads wake it through the same pipe (``waker``), with a byte that is no signal.
/// Crash signals put the terminal back from the handler before the process dies, and an
/// `atexit` hook does the same for an `exit()` that skips ``stop()``.
@MainActor
public final class ANSITerminal: TerminalDriver {
    /// How long a lone Escape waits for the rest of a sequence.
    public static let escapeDelay: Duration = .milliseconds(25)
    /// How long a bracketed paste whose end has not come waits for more bytes before what
    /// came is inserted.
    public static let pasteDelay: Duration = .milliseconds(500)

    /// Alternate screen, no autowrap, hidden cursor, bracketed paste on, cleared.
    private static let enterSequence =
        "\u{1B}[?1049h\u{1B}[?7l\u{1B}[?25l\u{1B}[?2004h\u{1B}[0m\u{1B}[2J"
    /// The reverse, also written by the C handlers on a crash, on Ctrl-Z and at exit.
    private static let restoreSequence = "\u{1B}[0m\u{1B}[?2004l\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

    private let input: Int32
    private let output: Int32
    private var signalPipe: (read: Int32, write: Int32) = (-1, -1)
    private let wakePipe = WakePipe()
    private var decoder = KeyDecoder()
    private var renderer: ANSIRenderer
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant
    private var active = false

    /// The size, as last read from the terminal.
    public private(set) var size = Size(width: 80, height: 24)

    /// Creates a driver for a terminal.
    /// - Parameters:
    ///   - input: The terminal's input (standard input by default).
    ///   - output: The terminal's output (standard output by default).
    ///   - environment: Read for `NO_COLOR`, `COLORTERM` and `TERM` (``ColorDepth``).
    public init(
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.input = input
        self.output = output
        self.renderer = ANSIRenderer(colorDepth: ColorDepth.detect(environment: environment))
        self.origin = clock.now
    }

    public var now: Duration { clock.now - origin }

    public var isInteractive: Bool { true }

    public func start() throws(TerminalError) {
        guard !active else { return }
        guard isatty(input) == 1 else { throw .notATerminal(descriptor: input) }
        guard isatty(output) == 1 else { throw .notATerminal(descriptor: output) }
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw Self.systemError("pipe") }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        signalPipe = (descriptors[0], descriptors[1])
        wakePipe.connect(descriptors[1])
        let installed = Self.restoreSequence.withCString { bytes in
            cterm_install(output, signalPipe.write, bytes, strlen(bytes))
        }
        guard installed == 0 else {
            let error = Self.systemError("tcgetattr")
            closePipe()
            throw error
        }
        do {
            try takeOver()
        } catch {
            cterm_uninstall()
            closePipe()
            throw error
        }
        active = true
    }

    private func takeOver() throws(TerminalError) {
        guard cterm_enter_raw() == 0 else { throw Self.systemError("tcsetattr") }
        write(Self.enterSequence)
        refreshSize()
        renderer.invalidate()
    }

    public func stop() {
        guard active else { return }
        active = false
        cterm_uninstall()
        closePipe()
    }

    private func closePipe() {
        wakePipe.disconnect()
        if signalPipe.read >= 0 { close(signalPipe.read) }
        if signalPipe.write >= 0 { close(signalPipe.write) }
        signalPipe = (-1, -1)
    }

    public func draw(_ screen: Screen) {
        guard active else { return }
        let bytes = renderer.render(screen)
        if !bytes.isEmpty { write(bytes) }
    }

    public func invalidate() { renderer.invalidate() }

    /// Writes OSC 52 with the text (``SystemClipboard``); text too long for it is not sent.
    public func copyToSystemClipboard(_ text: String) {
        guard active, let sequence = SystemClipboard.sequence(copying: text) else { return }
        write(sequence)
    }

    public func setLaunching(_ launching: Bool) {
        guard active else { return }
        cterm_set_launching(launching ? 1 : 0)
    }

    public var waker: @Sendable () -> Void {
        { [wakePipe] in wakePipe.wake() }
    }

    public func suspend() {
        guard active else { return }
        cterm_suspend()
        // Continued (SIGCONT): take the terminal over again. If that fails the terminal is
        // gone; the next read reports the end of input.
        do {
            try takeOver()
        } catch {
            return
        }
    }

    public func resume() {
        guard active else { return }
        do {
            try takeOver()
        } catch {
            return  // The terminal is gone; the next read reports the end of input.
        }
    }

    public func waitForEvents(timeout: Duration?) -> [TerminalEvent] {
        guard active else { return [.endOfInput] }
        var milliseconds: Int32 = timeout.map(Self.milliseconds) ?? -1
        if decoder.hasPending {
            let escape = Self.milliseconds(decoder.isInPaste ? Self.pasteDelay : Self.escapeDelay)
            milliseconds = milliseconds < 0 ? escape : min(milliseconds, escape)
        }
        var descriptors = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0),
        ]
        let count = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        if count < 0 { return [] }  // EINTR: a signal's byte is in the pipe for the next call.
        if count == 0 { return decoder.flush().map(TerminalEvent.key) }
        var events: [TerminalEvent] = []
        if descriptors[1].revents & Int16(POLLIN) != 0 { events += readSignals() }
        let inputEvents = descriptors[0].revents
        if inputEvents & Int16(POLLIN) != 0 {
            events += readKeys()
        } else if inputEvents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            events.append(.endOfInput)
        }
        return events
    }

    private func readKeys() -> [TerminalEvent] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count > 0 { return decoder.decode(buffer[0..<count]).map(TerminalEvent.key) }
        if count == 0 || (errno != EINTR && errno != EAGAIN) { return [.endOfInput] }
        return []
    }

    private func readSignals() -> [TerminalEvent] {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(signalPipe.read, $0.baseAddress, $0.count) }
        guard count > 0 else { return [] }
        var events: [TerminalEvent] = []
        var resized = false
        for byte in buffer[0..<count] {
            switch Int32(byte) {
            case SIGTSTP: events.append(.signal(.suspend))
            case SIGCONT: events.append(.signal(.resume))
            case SIGTERM: events.append(.signal(.terminate))
            case SIGHUP: events.append(.signal(.hangup))
            case SIGINT: events.append(.signal(.interrupt))
            case SIGQUIT: events.append(.signal(.quit))
            case SIGWINCH: resized = true
            default: break
            }
        }
        if resized {
            refreshSize()
            events.append(.resize(size))
        }
        return events
    }

    private func refreshSize() {
        var rows: Int32 = 0
        var columns: Int32 = 0
        if cterm_window_size(output, &rows, &columns) == 0, rows > 0, columns > 0 {
            size = Size(width: Int(columns), height: Int(rows))
        }
    }

    private func write(_ string: String) { write(Array(string.utf8)) }

    private func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(output, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return  // The terminal is gone (EIO after a hangup): nothing to draw on.
                }
                offset += count
            }
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        if seconds < 0 { return 0 }
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: total)
    }

    private static func systemError(_ call: String) -> TerminalError {
        let code = errno
        return .system(call: call, errno: code, message: String(cString: strerror(code)))
    }
}

/// The write end of the self-pipe, for threads other than the main one: a byte that is no
/// signal's number wakes the run loop's `poll()`. The descriptor is used and closed under
/// one lock, so a wake never writes to a descriptor that was closed and reused.
private final class WakePipe: Sendable {
    private let descriptor = Mutex<Int32>(-1)

    func connect(_ descriptor: Int32) {
        self.descriptor.withLock { $0 = descriptor }
    }

    /// Forgets the descriptor before it is closed.
    func disconnect() {
        descriptor.withLock { $0 = -1 }
    }

    func wake() {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            var byte: UInt8 = 0
            // Non-blocking: a full pipe already wakes the loop.
            _ = write(descriptor, &byte, 1)
        }
    }
}
