import StateRestoration

/// The app's delegate: its lifecycle and, through `RestorationDelegate`, its part in state
/// restoration (opt-in, app-level state, creating controllers without a restoration
/// class). Every method has a default that does nothing.
///
/// The order at launch (rule R11): ``applicationWillFinishLaunching(_:)`` (the window
/// exists; set a root controller here or let restoration provide one), restoration, then
/// ``applicationDidFinishLaunching(_:)``.
@MainActor
public protocol ApplicationDelegate: RestorationDelegate {
    /// The window exists; restoration has not run yet.
    func applicationWillFinishLaunching(_ application: Application)
    /// Restoration has run; ``Application/restorationReport`` says what came back.
    func applicationDidFinishLaunching(_ application: Application)
    /// Ctrl-Z or SIGTSTP: the app is about to be suspended (its state is saved next).
    func applicationDidEnterBackground(_ application: Application)
    /// The app was continued (`fg`) and is about to redraw.
    func applicationWillEnterForeground(_ application: Application)
    /// The app quits (quit key, Ctrl-C, SIGTERM, SIGHUP); its state is saved next, unless
    /// it quits forgetting it.
    func applicationWillTerminate(_ application: Application)
}

extension ApplicationDelegate {
    public func applicationWillFinishLaunching(_ application: Application) {}
    public func applicationDidFinishLaunching(_ application: Application) {}
    public func applicationDidEnterBackground(_ application: Application) {}
    public func applicationWillEnterForeground(_ application: Application) {}
    public func applicationWillTerminate(_ application: Application) {}
}
