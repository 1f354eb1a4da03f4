import Foundation
import Homepwner

#if canImport(Glibc)
    import Glibc
#endif

/// A fresh temporary directory for one test, removed when the test lets go of it.
final class Scratch {
    let path: String

    init() {
        var base = NSTemporaryDirectory()
        while base.hasSuffix("/") { base.removeLast() }
        var template = Array((base + "/homepwner-tests-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        path = created ?? (base + "/homepwner-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `path/name`.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    /// Paths with both directories inside this scratch directory.
    var paths: HomepwnerPaths {
        HomepwnerPaths(dataDirectory: file("data/homepwner"), stateDirectory: file("state/homepwner"))
    }

    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let target = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    /// The permission bits of `path`, or nil if it does not exist.
    static func mode(of path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int(status.st_mode & 0o777)
    }
}
