import CGtk

/// What every callback box is, for the one release function GLib calls.
///
/// `@unchecked Sendable`: a box is immutable (its action is a `let`), and its action runs
/// only inside `MainActor.assumeIsolated`, on the main thread where GLib calls it; the
/// posted actions of ``addIdle(_:)`` are `@Sendable` themselves. The box only crosses from
/// the trampoline's nonisolated frame into the main actor's.
class CallbackBox: @unchecked Sendable {
    /// The box retained for C, as a callback's user data; ``releaseBox`` gives it back.
    final func retainedForC() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }
}

/// A Swift closure kept alive as a C callback's user data.
final class Callback<Action>: CallbackBox, @unchecked Sendable {
    let action: Action
    init(_ action: Action) { self.action = action }

    /// The box whose retained address GLib passes back as user data.
    static func from(_ data: UnsafeMutableRawPointer?) -> Callback<Action>? {
        guard let data else { return nil }
        return unsafeDowncast(Unmanaged<CallbackBox>.fromOpaque(data).takeUnretainedValue(), to: self)
    }
}

/// Releases a box when its handler, source or action is destroyed (`GDestroyNotify`).
let releaseBox: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    guard let data else { return }
    Unmanaged<CallbackBox>.fromOpaque(data).release()
}

/// The same as a `GClosureNotify`, for signal handlers.
let releaseClosureBox: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GClosure>?) -> Void = {
    data, _ in
    guard let data else { return }
    Unmanaged<CallbackBox>.fromOpaque(data).release()
}

/// An action of a signal with no arguments besides its instance.
typealias PlainAction = @MainActor () -> Void
/// An action whose answer is the signal's `gboolean` (true: handled, stop).
typealias AnswerAction = @MainActor () -> Bool
/// An action of a signal that carries a position (a list row).
typealias PositionAction = @MainActor (UInt32) -> Void
/// An action of a signal that carries an object (a list item of a factory).
typealias ObjectAction = @MainActor (UnsafeMutableRawPointer) -> Void
/// An action posted from any thread.
typealias PostedAction = @Sendable @MainActor () -> Void

// MARK: Trampolines: each reads its box and enters the main actor, where GTK calls it.

private let plainTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
    _, data in
    guard let callback = Callback<PlainAction>.from(data) else { return }
    MainActor.assumeIsolated { callback.action() }
}

/// For a signal with one argument besides its instance, which the action ignores
/// (`notify`'s `GParamSpec`, an action's `GVariant` parameter).
private let ignoringTrampoline:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
        _, _, data in
        guard let callback = Callback<PlainAction>.from(data) else { return }
        MainActor.assumeIsolated { callback.action() }
    }

private let answerTrampoline:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = {
        _, data in
        guard let callback = Callback<AnswerAction>.from(data) else { return 0 }
        return MainActor.assumeIsolated { callback.action() } ? 1 : 0
    }

private let positionTrampoline:
    @convention(c) (UnsafeMutableRawPointer?, guint, UnsafeMutableRawPointer?) -> Void = {
        _, position, data in
        guard let callback = Callback<PositionAction>.from(data) else { return }
        MainActor.assumeIsolated { callback.action(position) }
    }

private let objectTrampoline:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
        _, object, data in
        guard let object, let callback = Callback<ObjectAction>.from(data) else { return }
        // The address crosses as a number: GTK passed the object on the main thread, and
        // the action uses it there.
        let address = UInt(bitPattern: object)
        MainActor.assumeIsolated {
            guard let object = UnsafeMutableRawPointer(bitPattern: address) else { return }
            callback.action(object)
        }
    }

private let shortcutTrampoline:
    @convention(c) (
        UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?
    ) -> gboolean = { _, _, data in
        guard let callback = Callback<AnswerAction>.from(data) else { return 0 }
        return MainActor.assumeIsolated { callback.action() } ? 1 : 0
    }

private let sourceTrampoline: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
    guard let callback = Callback<PlainAction>.from(data) else { return 0 }
    MainActor.assumeIsolated { callback.action() }
    return 0  // G_SOURCE_REMOVE: each source runs once.
}

private let postedTrampoline: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
    guard let callback = Callback<PostedAction>.from(data) else { return 0 }
    MainActor.assumeIsolated { callback.action() }
    return 0
}

// MARK: Connecting

extension Object {
    /// Connects `signal` to `action` through `trampoline`: one of the trampolines above, in
    /// the signal's shape, which reads a `Callback<Action>`.
    private func connect<Trampoline, Action>(
        _ signal: String, through trampoline: Trampoline, _ action: Action
    )
        -> UInt
    {
        g_signal_connect_data(
            raw, signal, unsafeBitCast(trampoline, to: GCallback.self), Callback(action).retainedForC(),
            releaseClosureBox, GConnectFlags(rawValue: 0))
    }

    /// Runs `action` on each emission of `signal` (a signal with no arguments).
    @discardableResult
    func connect(_ signal: String, _ action: @escaping PlainAction) -> UInt {
        connect(signal, through: plainTrampoline, action)
    }

    /// Runs `action` on each emission of a signal with one argument, which it ignores.
    @discardableResult
    func connectIgnoringArgument(_ signal: String, _ action: @escaping PlainAction) -> UInt {
        connect(signal, through: ignoringTrampoline, action)
    }

    /// Runs `action` when `property` changes (`notify::property`).
    @discardableResult
    func connectNotify(_ property: String, _ action: @escaping PlainAction) -> UInt {
        connectIgnoringArgument("notify::" + property, action)
    }

    /// Runs `action` on each emission of a signal that returns a `gboolean`.
    @discardableResult
    func connectAnswer(_ signal: String, _ action: @escaping AnswerAction) -> UInt {
        connect(signal, through: answerTrampoline, action)
    }

    /// Runs `action` with the position a signal carries.
    @discardableResult
    func connectPosition(_ signal: String, _ action: @escaping PositionAction) -> UInt {
        connect(signal, through: positionTrampoline, action)
    }

    /// Runs `action` with the object a signal carries (a factory's list item).
    @discardableResult
    func connectObject(_ signal: String, _ action: @escaping ObjectAction) -> UInt {
        connect(signal, through: objectTrampoline, action)
    }

    /// Stops a handler ``connect(_:_:)`` returned.
    func disconnect(_ handler: UInt) {
        g_signal_handler_disconnect(raw, handler)
    }
}

/// A `GtkCallbackAction` running `action`; its answer says whether the shortcut was used.
func makeCallbackAction(_ action: @escaping AnswerAction) -> OpaquePointer? {
    let box = Callback(action)
    return gtk_callback_action_new(shortcutTrampoline, box.retainedForC(), releaseBox)
}

/// Runs `action` once on the main loop after `milliseconds`; returns the source's id.
func addTimeout(milliseconds: UInt32, _ action: @escaping PlainAction) -> UInt32 {
    g_timeout_add_full(
        G_PRIORITY_DEFAULT, milliseconds, sourceTrampoline, Callback(action).retainedForC(), releaseBox)
}

/// Runs `action` on the main loop soon; callable from any thread (`g_idle_add_full` is).
func addIdle(_ action: @escaping PostedAction) {
    _ = g_idle_add_full(G_PRIORITY_DEFAULT, postedTrampoline, Callback(action).retainedForC(), releaseBox)
}

/// Runs `action` on the main loop each time the process receives `signal` (SIGTERM, SIGINT,
/// SIGHUP: `g_unix_signal_add_full` does the async-signal-safe part).
/// The signal is unblocked on the calling thread first: a process inherits its parent's
/// blocked signals, and a test runner's threads block SIGTERM.
func addSignalHandler(_ signal: Int32, _ action: @escaping PlainAction) {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, signal)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    _ = g_unix_signal_add_full(
        G_PRIORITY_DEFAULT, signal, repeatingSourceTrampoline, Callback(action).retainedForC(), releaseBox)
}

private let repeatingSourceTrampoline: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
    guard let callback = Callback<PlainAction>.from(data) else { return 0 }
    MainActor.assumeIsolated { callback.action() }
    return 1  // G_SOURCE_CONTINUE: a signal may come again.
}
