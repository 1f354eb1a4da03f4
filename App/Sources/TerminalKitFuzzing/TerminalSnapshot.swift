import RestorationTesting
import StateRestoration
import TerminalKit

/// What ``TerminalFuzzTarget`` compares of a TerminalKit app (rule X1).
@MainActor
public enum TerminalSnapshot {
    /// The screen, cursor, focus, view-controller paths and declared state of `application`.
    public static func take(of application: Application, on terminal: HeadlessTerminal) -> RestorationSnapshot
    {
        let roots: [any RestorableObject] = application.window.rootViewController.map { [$0] } ?? []
        return RestorationSnapshot(
            screen: terminal.text,
            cursor: terminal.cursor.map { "(\($0.x), \($0.y))" } ?? "hidden",
            focus: focus(of: application.window),
            paths: TreeDescription.describe(roots).split(separator: "\n").map(String.init),
            declaredState: declaredState(of: application.engine) + unsaidChanges(of: application.engine))
    }

    /// The changes an incremental save found that no object had said (rule P1, when the
    /// app's configuration checks its incremental saves): a relaunch never has them, so each
    /// is a difference.
    static func unsaidChanges(of engine: RestorationEngine) -> [String] {
        engine.diagnostics.filter(\.isUnsaidChange).map { "(a change no object said: \($0))" }
    }

    /// The first responder: its type and restoration identifier.
    static func focus(of window: Window) -> String {
        guard let responder = window.firstResponder else { return "none" }
        let identifier = responder.restorationIdentifier.map { " '\($0)'" } ?? ""
        return "\(type(of: responder))\(identifier)"
    }

    /// What a save would write now, metadata left out: one line per key of each object,
    /// and of the app.
    static func declaredState(of engine: RestorationEngine) -> [String] {
        guard let encoded = engine.encodeState(reason: .requested) else {
            return ["(the app declines to save)"]
        }
        do {
            let archive = try Archive(bytes: encoded.bytes)
            var lines = archive.applicationState.map { "app \($0.key) = \($0.value)" }
            for record in archive.records {
                lines.append("\(record.path) \(record.typeName) v\(record.stateVersion)")
                lines += record.entries.map { "\(record.path) \($0.key) = \($0.value)" }
            }
            return lines
        } catch {
            return ["(the archive does not read back: \(error))"]
        }
    }
}
