import Glibc
import StateRestoration

/// A deliberately naive storage that overwrites the archive in place, 4 KiB at a time:
/// the negative control of the kill storm. A kill in the middle leaves a torn archive,
/// which the storm must notice; if it did not, the storm would prove nothing.
struct InPlaceStorage: RestorationStorage {
    let directory: String

    var location: String { directory }

    func load(_ item: StorageItem) throws(RestorationError) -> [UInt8]? {
        try FileRestorationStorage(directory: directory).load(item)
    }

    func store(_ bytes: [UInt8], as item: StorageItem) throws(RestorationError) {
        let path = directory + "/" + item.rawValue
        mkdir(directory, 0o700)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure("open", path) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let chunk = min(4096, bytes.count - written)
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + written }, chunk)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Self.failure("write", path) }
            written += count
            // Slow each chunk down as a busy disk would, widening the window a kill can hit.
            guard fdatasync(descriptor) == 0 else { throw Self.failure("fdatasync", path) }
        }
    }

    func remove(_ item: StorageItem) throws(RestorationError) {
        try FileRestorationStorage(directory: directory).remove(item)
    }

    private static func failure(_ operation: String, _ path: String) -> RestorationError {
        let code = errno
        return .io(operation: operation, path: path, code: code, message: String(cString: strerror(code)))
    }
}
