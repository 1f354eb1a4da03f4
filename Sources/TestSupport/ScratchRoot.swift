import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The directories ``ScratchRoot/make(prefix:)`` made, removed when the process exits.
private let madeRoots = Mutex<[String]>([])

/// A scratch directory for a whole process (the fuzz targets'), on a tmpfs when one can be
/// written: a target writes and syncs files for every input, thousands a second.
///
/// Part of `TestSupport`, which is for this repository's tests and tools, not API.
public enum ScratchRoot {
    /// Makes `/dev/shm/PREFIX-PID` (else the same under the temporary directory), mode 0700,
    /// empty, and removes it when the process exits. Stops the process if it cannot.
    public static func make(prefix: String) -> String {
        var base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : NSTemporaryDirectory()
        while base.hasSuffix("/") { base.removeLast() }
        let path = base + "/\(prefix)-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        guard mkdir(path, 0o700) == 0 else { fatalError("\(prefix): cannot create \(path)") }
        madeRoots.withLock { roots in
            if roots.isEmpty {
                atexit {
                    for root in madeRoots.withLock({ $0 }) {
                        try? FileManager.default.removeItem(atPath: root)
                    }
                }
            }
            roots.append(path)
        }
        return path
    }
}
