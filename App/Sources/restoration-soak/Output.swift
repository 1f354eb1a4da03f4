import Glibc

/// Writes `line` and a newline to standard output with write(2), unbuffered: a parent that
/// kills this process with SIGKILL reads every line written before the kill.
func say(_ line: String) {
    write(line + "\n", to: 1)
}

/// Writes `message` to standard error, prefixed with the tool's name.
func complain(_ message: String) {
    write("restoration-soak: " + message + "\n", to: 2)
}

/// Reports a usage or setup error and exits with status 2.
func fail(_ message: String) -> Never {
    complain(message)
    exit(2)
}

private func write(_ text: String, to descriptor: Int32) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let count = bytes.withUnsafeBytes { buffer in
            Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { exit(3) }
        offset += count
    }
}
