#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes diagnostics as lines to standard error or a log file (`RESTORATION_DEBUG=1`).
enum DiagnosticOutput {
    static func write(_ notes: [RestorationDiagnostic], to output: RestorationConfiguration.DebugOutput) {
        let text = notes.map { "restoration: \($0)\n" }.joined()
        switch output {
        case .off:
            return
        case .standardError:
            append(text, to: 2)
        case .file(let path):
            var descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            if descriptor < 0 && errno == ENOENT, let slash = path.lastIndex(of: "/"),
                slash != path.startIndex
            {
                // The log usually lives beside the archive, whose directory may not exist yet.
                mkdir(String(path[..<slash]), 0o700)
                descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            }
            guard descriptor >= 0 else {
                // The log is a debugging aid. Say that it cannot be opened on standard error,
                // unless standard error is a terminal: a full-screen app owns that screen, and
                // the diagnostics stay available through the API.
                if isatty(2) == 0 { append("restoration: cannot open debug log '\(path)'\n" + text, to: 2) }
                return
            }
            append(text, to: descriptor)
            close(descriptor)
        }
    }

    private static func append(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(
                    descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if count <= 0 { return }
                offset += count
            }
        }
    }
}
