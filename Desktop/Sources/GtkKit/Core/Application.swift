import CGtk

/// A `GtkApplication`: the process's app, its actions and their accelerators.
///
/// It is created non-unique (`G_APPLICATION_NON_UNIQUE`): every launch is its own
/// instance, and a machine without a D-Bus session bus (a test machine, a container)
/// runs it as well as a desktop.
@MainActor
public final class Application: Object {
    /// Creates an application.
    /// - Parameter identifier: Its application id (`org.example.App`).
    public init(identifier: String) {
        super.init(owning: gtk_application_new(identifier, G_APPLICATION_NON_UNIQUE))
    }

    /// Runs `action` once GTK is up, before the first window (`startup`).
    public func onStartup(_ action: @escaping @MainActor () -> Void) { connect("startup", action) }

    /// Runs `action` when the application is activated (`activate`): show the windows here.
    public func onActivate(_ action: @escaping @MainActor () -> Void) { connect("activate", action) }

    /// Runs `action` as the main loop ends (`shutdown`), windows still there.
    public func onShutdown(_ action: @escaping @MainActor () -> Void) { connect("shutdown", action) }

    /// Runs the main loop until the application quits or its last window closes.
    /// - Parameter programName: `argv[0]`; no other arguments reach GTK (the app parses its
    ///   own command line first).
    /// - Returns: GApplication's exit status.
    public func run(programName: String) -> Int32 {
        withArgumentVector(programName: programName) { count, vector in
            g_application_run(pointer(), count, vector)
        }
    }

    /// Ends the main loop; ``run(programName:)`` returns.
    public func quit() { g_application_quit(pointer()) }

    /// Adds the action `app.<name>`, run by `accelerators` (`"<Control>q"`) in every
    /// window of the application.
    public func addAction(_ name: String, accelerators: [String], _ action: @escaping @MainActor () -> Void) {
        let simple = SimpleAction(name: name, action)
        g_action_map_add_action(opaque, simple.opaque)
        setAccelerators(accelerators, for: "app." + name)
    }

    /// Binds `accelerators` to a detailed action name (`app.quit`, `win.close`).
    func setAccelerators(_ accelerators: [String], for action: String) {
        withCStringArray(accelerators) { gtk_application_set_accels_for_action(pointer(), action, $0) }
    }
}

/// A `GSimpleAction` without a parameter.
@MainActor
final class SimpleAction: Object {
    init(name: String, _ action: @escaping @MainActor () -> Void) {
        super.init(owning: g_simple_action_new(name, nil))
        connectIgnoringArgument("activate", action)
    }
}
