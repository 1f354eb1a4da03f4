import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes diagnostics as lines to standard error or a log file (`RESTORATION_DEBUG=1`).
///
/// The log is opened without following a symbolic link and without blocking, and only if
/// it is a regular file (rule R32); it grows by at most ``launchBudget`` bytes per engine
/// (one per launch of an app, R33), after which one line says that the rest was left out.
/// Each engine has its own, so two engines in one process (two windows' sessions) never
/// share a count.
final class DiagnosticOutput: Sendable {
    /// The most bytes written per engine, to standard error and the log together.
    static let launchBudget = 1 << 20

    private let output: RestorationConfiguration.DebugOutput
    /// Bytes written so far.
    private let written = Atomic<Int>(0)

    init(_ output: RestorationConfiguration.DebugOutput) {
        self.output = output
    }

    func write(_ notes: [RestorationDiagnostic]) {
        let launchBudget = Self.launchBudget
        if case .off = output { return }
        var text = ""
        var budget = launchBudget - written.load(ordering: .relaxed)
        guard budget > 0 else { return }
        for note in notes {
            let line = "restoration: \(note)\n"
            if line.utf8.count > budget {
                text += "restoration: debug output stopped at \(launchBudget) bytes for this launch\n"
                budget = 0
                break
            }
            text += line
            budget -= line.utf8.count
        }
        written.store(budget > 0 ? launchBudget - budget : launchBudget, ordering: .relaxed)
        switch output {
        case .off:
            return
        case .standardError:
            append(text, to: 2)
        case .file(let path):
            let flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
            var descriptor = UncheckedSystem.open(path, flags, 0o600)
            if descriptor < 0 && errno == ENOENT, let slash = path.lastIndex(of: "/"),
                slash != path.startIndex
            {
                // The log usually lives beside the archive, whose directory may not exist yet.
                UncheckedSystem.mkdir(String(path[..<slash]), 0o700)
                descriptor = UncheckedSystem.open(path, flags, 0o600)
            }
            if descriptor >= 0
                && UncheckedSystem.status(of: descriptor).map({ $0.st_mode & S_IFMT != S_IFREG }) ?? true
            {
                close(descriptor)
                descriptor = -1
            }
            guard descriptor >= 0 else {
                // The log is a debugging aid. Say that it cannot be used on standard error,
                // unless standard error is a terminal: a full-screen app owns that screen, and
                // the diagnostics stay available through the API.
                if isatty(2) == 0 {
                    append(
                        "restoration: cannot use debug log '\(path)' (not a regular file, or unwritable)\n"
                            + text, to: 2)
                }
                return
            }
            append(text, to: descriptor)
            close(descriptor)
        }
    }
    private func append(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = UncheckedSystem.write(descriptor, bytes, from: offset)
            if count <= 0 { return }
            offset += count
        }
    }
}
