import Foundation
import HomepwnerCore
import StateRestoration
import TerminalKit

/// Builds and runs Homepwner on a terminal driver: the one place where the app
/// delegate, the restoration classes, the engine's configuration and the storage meet.
///
/// The `homepwner` executable uses it with an ``ANSITerminal`` and a
/// ``FileRestorationStorage``; tests use it with a ``HeadlessTerminal`` and in-memory
/// storage, so they run exactly the app's wiring.
@MainActor
public enum HomepwnerApplication {
    /// The name recorded in archives; an archive of another app is not restored.
    public nonisolated static let name = "homepwner"
    /// The app's version, recorded in archives.
    public nonisolated static let version = "1.0.0"
    /// How long input must be idle before continuous preservation saves (rule R20): a
    /// `kill -9` loses at most this much of the screen state.
    public nonisolated static let continuousPreservationDelay: Duration = .milliseconds(300)

    /// The restoration classes archives may name: the list, the detail screen, the delete
    /// confirmation and the photo's (the two navigation controllers are created by the app
    /// delegate).
    static var registry: RestorationRegistry {
        RestorationRegistry([
            ItemsViewController.self, DetailViewController.self, DeleteItemAlert.self, RemovePhotoAlert.self,
            DiscardNewItemAlert.self,
        ])
    }

    /// The engine's configuration.
    /// - Parameter debugOutput: Where diagnostics go besides the API.
    public static func configuration(debugOutput: RestorationConfiguration.DebugOutput)
        -> RestorationConfiguration
    {
        RestorationConfiguration(
            appName: name, appVersion: version, continuousPreservationDelay: continuousPreservationDelay,
            debugOutput: debugOutput)
    }

    /// Gives `context` what it reaches through the application: the engine's restoration
    /// context (what the restoration classes reach the store through, R30), the run loop's
    /// post and the work after the first frame.
    private static func connect(_ context: HomepwnerContext, to application: Application) {
        application.engine.restorationContext = context
        context.runLoopPost = application.mainActorPost
        context.afterFirstFrame = { [weak application] action in application?.afterFirstFrame(action) }
    }

    /// Creates the application, not yet launched.
    /// - Parameters:
    ///   - context: The store and settings of this launch.
    ///   - driver: The terminal.
    ///   - storage: Where the restoration archive lives.
    ///   - configuration: The engine's configuration; ``configuration(debugOutput:)``.
    ///   - scheduler: The engine's clock; nil for the run loop's (the driver's clock).
    ///   - startsFresh: Throw the saved state away before restoring (`--fresh`).
    public static func makeApplication(
        context: HomepwnerContext, driver: any TerminalDriver, storage: any RestorationStorage,
        configuration: RestorationConfiguration, scheduler: (any RestorationScheduler)? = nil,
        startsFresh: Bool = false
    ) -> Application {
        let application = Application(
            delegate: AppDelegate(context: context, startsFresh: startsFresh), driver: driver,
            configuration: configuration, registry: registry, storage: storage, scheduler: scheduler)
        connect(context, to: application)
        return application
    }

    /// Creates the application on a session (rules S1–S5), not yet launched: the
    /// `homepwner` executable's way.
    /// - Parameters:
    ///   - context: The store and settings of this launch.
    ///   - driver: The terminal.
    ///   - session: The session this instance holds; `Q` ends it.
    ///   - configuration: The engine's configuration; ``configuration(debugOutput:)``.
    ///   - scheduler: The engine's clock; nil for the run loop's (the driver's clock).
    ///   - opening: An item to show at launch (`--open`, rule S6), by the path the activity
    ///     takes when the archive is thrown away.
    public static func makeApplication(
        context: HomepwnerContext, driver: any TerminalDriver, session: RestorationSession,
        configuration: RestorationConfiguration, scheduler: (any RestorationScheduler)? = nil,
        opening: Item.ID? = nil
    ) -> Application {
        let application = Application(
            delegate: AppDelegate(context: context, startsFresh: false, opening: opening), driver: driver,
            configuration: configuration, registry: registry, session: session, scheduler: scheduler)
        connect(context, to: application)
        // The session owns this launch's new items (H18); the journal's writes of sessions
        // no instance holds are this launch's to make (H17).
        context.store.session = session.id
        let stateDirectory = URL(fileURLWithPath: session.directory).deletingLastPathComponent()
            .deletingLastPathComponent().path
        let sessions = RestorationSessions(stateDirectory: stateDirectory)
        context.existingSessions = { Set(sessions.sessions().map(\.id)) }
        context.heldSessions = { Set(sessions.sessions().filter(\.isHeld).map(\.id)) }
        return application
    }
}
