import ArgumentKit

/// Everything that stops a `restoration-archive` command, rendered in one place
/// (``rendered``) with its exit status (``exitStatus``).
package enum InspectorError: Error, Hashable, Sendable {
    /// The command line is wrong (64).
    case usage(UsageError)
    /// `--app` was given but neither `XDG_STATE_HOME` nor `HOME` is set (66).
    case noStateDirectory(app: String)
    /// `--state-dir` names no directory (66).
    case noStateDirectoryAt(path: String)
    /// `--session` names no session of the app (66).
    case noSession(app: String, session: String, available: [String])
    /// None of the app's sessions in `stateDirectory` has saved an archive, and there is
    /// none from before sessions either (66); `given` when the directory came from
    /// `--state-dir`.
    case noSavedSession(app: String, stateDirectory: String, given: Bool)
    /// The file does not exist (66).
    case missing(ArchiveSource)
    /// The file exists but cannot be read: a directory, no permission (66).
    case unreadable(ArchiveSource, reason: String)
    /// Reading failed part-way (74).
    case readFailed(ArchiveSource, reason: String)
    /// The bytes are not a valid archive (65).
    case invalid(ArchiveSource, ArchiveProblem)

    /// The process exit status, from `sysexits.h`.
    package var exitStatus: ExitStatus {
        switch self {
        case .usage: .usage
        case .noStateDirectory, .noStateDirectoryAt, .noSession, .noSavedSession, .missing, .unreadable:
            .noInput
        case .readFailed: .ioError
        case .invalid: .dataError
        }
    }

    /// The error as one JSON object, for a command run with `--json`: `{"error": …,
    /// "hint": …, "exit_status": …}` (`hint` only where ``rendered`` has one).
    package var json: String {
        var error = ""
        var hint: String?
        for line in rendered.split(separator: "\n") {
            if line.hasPrefix("error: ") {
                error += String(line.dropFirst("error: ".count))
            } else if line.hasPrefix("hint: ") {
                hint = String(line.dropFirst("hint: ".count))
            } else if !line.isEmpty {
                error += (error.isEmpty ? "" : "\n") + line
            }
        }
        var fields: [(String, JSONValue)] = [("error", .string(error))]
        if let hint { fields.append(("hint", .string(hint))) }
        fields.append(("exit_status", .int(Int64(exitStatus.rawValue))))
        return JSONValue.object(fields).text() + "\n"
    }

    /// When an app saves, and where this tool looks: the directory it was started with.
    private static func savingHint(givenDirectory: Bool) -> String {
        "the app saves its state when it goes to the background or quits; "
            + (givenDirectory
                ? "give --state-dir the directory the app was started with"
                : "an app started with --state-dir DIR is read with --state-dir DIR here too; "
                    + "without it, the directory comes from XDG_STATE_HOME (default ~/.local/state)")
    }

    /// `error: <what>` and, where it helps, `hint: <what to do>`, each ending in a newline.
    /// File and app names are escaped (``ArchiveText``), like everything the tool prints.
    package var rendered: String {
        switch self {
        case .usage(let error):
            return error.rendered
        case .noStateDirectory(let app):
            return """
                error: cannot find the state directory of '\(ArchiveText.escaped(app))': neither XDG_STATE_HOME nor HOME is set
                hint: give the archive's path instead of --app

                """
        case .noStateDirectoryAt(let path):
            return """
                error: the state directory '\(ArchiveText.escaped(path))' does not exist or is not a directory
                hint: give the directory the app was started with (homepwner --state-dir)

                """
        case .noSession(let app, let session, let available):
            let list =
                available.isEmpty ? "it has none" : "its sessions: " + available.joined(separator: ", ")
            return
                "error: '\(ArchiveText.escaped(app))' has no session '\(ArchiveText.escaped(session))'\n"
                + "hint: \(ArchiveText.escaped(list)); 'restoration-archive sessions --app \(ArchiveText.escaped(app))' lists them\n"
        case .noSavedSession(let app, let directory, let given):
            return
                "error: no saved state for '\(ArchiveText.escaped(app))' in \(ArchiveText.escaped(directory)): "
                + "none of its sessions has saved one\n" + "hint: \(Self.savingHint(givenDirectory: given))\n"
        case .missing(.app(let name, let path, let discarded)):
            let what = discarded ? "no discarded archive" : "no saved state"
            let hint =
                discarded
                ? "the engine keeps one there only after throwing an archive away as corrupt"
                : Self.savingHint(givenDirectory: false)
            return
                "error: \(what) for '\(ArchiveText.escaped(name))': \(ArchiveText.escaped(path)) does not exist\n"
                + "hint: \(hint)\n"
        case .missing(let source):
            return "error: \(ArchiveText.escaped(source.displayName)): no such file\n"
        case .unreadable(let source, let reason):
            return "error: \(ArchiveText.escaped(source.displayName)): cannot read: \(reason)\n"
        case .readFailed(let source, let reason):
            return "error: \(ArchiveText.escaped(source.displayName)): reading failed: \(reason)\n"
        case .invalid(let source, let problem):
            if case .badMagic = problem.error.reason {
                return "error: \(ArchiveText.escaped(source.displayName)): \(problem)\n"
            }
            return "error: \(ArchiveText.escaped(source.displayName)): invalid archive: \(problem)\n"
        }
    }
}
