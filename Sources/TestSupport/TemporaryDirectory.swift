import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh directory under the system's temporary directory, made with `mkdir` (mode
/// 0700), and removed with everything in it when the last reference goes (or at
/// ``remove()``). Test targets subclass it to add paths of their own.
///
/// Part of `TestSupport`, which is for this repository's tests, not API.
open class TemporaryDirectory {
    /// The directory's absolute path, without a trailing slash.
    public let path: String

    /// Makes the directory, named `prefix` plus six random characters, in `parent` (the
    /// system's temporary directory by default).
    public init(prefix: String = "tests", in parent: String? = nil) {
        var base = parent ?? NSTemporaryDirectory()
        while base.hasSuffix("/") { base.removeLast() }
        // A random name made with mkdir (mode 0700), which fails if the name exists: as
        // mkdtemp does, without lending a buffer to C.
        var made: String?
        for _ in 0..<16 where made == nil {
            let name = base + "/\(prefix)-" + String(UUID().uuidString.prefix(8)).lowercased()
            if mkdir(name, 0o700) == 0 { made = name }
        }
        path = made ?? (base + "/\(prefix)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Removes the directory now.
    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `path/name`.
    public func file(_ name: String) -> String {
        path + "/" + name
    }

    /// Writes `bytes` to `name` inside the directory, making the directories on the way,
    /// and returns the file's path.
    /// - Throws: The error of creating a directory or writing the file.
    @discardableResult
    public func write(_ bytes: [UInt8], to name: String) throws -> String {
        let target = file(name)
        try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    /// The permission bits of `path`, or nil if it does not exist.
    public static func mode(of path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int(status.st_mode & 0o777)
    }

    /// The names in `directory`, hidden ones included, sorted; empty if it cannot be read.
    public static func listing(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    /// The bytes of `path`, or nil if it cannot be read.
    public static func bytes(of path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }
}
