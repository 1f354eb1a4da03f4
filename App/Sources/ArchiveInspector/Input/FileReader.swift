import StateRestoration

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads an archive's bytes with POSIX calls, which tell apart a missing file, a directory
/// and a failed read (Foundation's convenience readers do not).
///
/// It never reads much more than an archive can be: a regular file over the limit is
/// refused from its size alone, and a stream (a pipe, `/dev/zero`) is read only while its
/// bytes can still be an archive: past the limit, past a wrong magic, or past the length its
/// header declares, it stops, and the reader reports why.
package enum FileReader {
    /// How much is read per call.
    private static let chunkSize = 1 << 16

    /// The bytes of the file at `source`.
    package static func read(_ source: ArchiveSource, standardInput: Int32, limits: ArchiveLimits)
        throws(InspectorError) -> [UInt8]
    {
        let path: String
        switch source {
        case .standardInput:
            return try read(descriptor: standardInput, source: source, limits: limits, isStream: true)
        case .file(let file), .app(_, let file, _):
            path = file
        }
        // Non-blocking, so that opening a FIFO nobody writes to returns at once; reads block
        // again below (and such a FIFO reads as empty).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .missing(source) }
            throw .unreadable(source, reason: message(code))
        }
        defer { close(descriptor) }
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            throw .unreadable(source, reason: message(errno))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(source, reason: message(errno)) }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw .unreadable(source, reason: "it is a directory")
        }
        if status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) > limits.maxTotalBytes {
            let error = ArchiveError(.tooLarge(size: Int(status.st_size), limit: limits.maxTotalBytes), at: 0)
            throw .invalid(source, ArchiveProblem(error: error, place: nil))
        }
        let isRegular = status.st_mode & S_IFMT == S_IFREG
        return try read(descriptor: descriptor, source: source, limits: limits, isStream: !isRegular)
    }

    /// Reads to the end, or for a stream only while the bytes can still be an archive.
    private static func read(descriptor: Int32, source: ArchiveSource, limits: ArchiveLimits, isStream: Bool)
        throws(InspectorError) -> [UInt8]
    {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        func wanted() -> Int {
            isStream ? worthReading(bytes, limits: limits) : limits.maxTotalBytes + 1
        }
        while bytes.count < wanted() {
            let size = min(chunkSize, wanted() - bytes.count)
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, size) }
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                if code == EISDIR { throw .unreadable(source, reason: "it is a directory") }
                throw .readFailed(source, reason: message(code))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// How many bytes are worth reading, given those read so far: one past the limit (so
    /// the reader reports "too large"), just the magic's length when the magic is wrong, one
    /// past the declared size once the header is in.
    private static func worthReading(_ bytes: [UInt8], limits: ArchiveLimits) -> Int {
        let ceiling = limits.maxTotalBytes + 1
        let magic = ArchiveFormat.magic
        if bytes.count >= magic.count, Array(bytes[0..<magic.count]) != magic { return bytes.count }
        guard bytes.count >= ArchiveFormat.headerSize else { return ceiling }
        var declared = 0
        for shift in 0..<4 { declared |= Int(bytes[12 + shift]) << (shift * 8) }
        return min(ceiling, ArchiveFormat.headerSize + declared + ArchiveFormat.trailerSize + 1)
    }

    private static func message(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}

/// `read(2)`, out of the way of ``FileReader``'s own `read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
