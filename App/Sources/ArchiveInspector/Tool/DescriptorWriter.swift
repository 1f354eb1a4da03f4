#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes text to a file descriptor, all of it, and remembers the first failure (a full
/// disk, a closed pipe) so that the tool can exit with an I/O error instead of success.
final class DescriptorWriter {
    let descriptor: Int32
    /// The first write error, as text, or nil.
    private(set) var failure: String?

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func write(_ text: String) {
        guard failure == nil else { return }
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(
                    descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno)).lowercased()
                    return
                }
                offset += written
            }
        }
    }
}

/// `write(2)`, out of the way of ``DescriptorWriter``'s own `write`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafePointer<UInt8>?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
