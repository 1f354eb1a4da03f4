import StateRestoration
import TerminalKit
import Testing

extension RestorationConfiguration {
    /// A test app's configuration: no debug output, and every incremental save checked
    /// against a full pass (rule P1), so that a change no object said is a diagnostic,
    /// which ``expectEveryChangeSaid(_:sourceLocation:)`` fails on.
    static func checked(
        appName: String, appVersion: String, continuousPreservationDelay: Duration? = nil
    ) -> RestorationConfiguration {
        var configuration = RestorationConfiguration(
            appName: appName, appVersion: appVersion,
            continuousPreservationDelay: continuousPreservationDelay,
            debugOutput: .off)
        configuration.checksIncrementalSaves = true
        return configuration
    }
}

/// Fails the test on each change an incremental save of `application` found that no object
/// had said (rule P1): the state it names would be lost by a `kill -9` before the next full
/// save.
@MainActor
func expectEveryChangeSaid(_ application: Application, sourceLocation: SourceLocation = #_sourceLocation) {
    for diagnostic in application.engine.diagnostics where diagnostic.isUnsaidChange {
        Issue.record("P1: \(diagnostic)", sourceLocation: sourceLocation)
    }
}
