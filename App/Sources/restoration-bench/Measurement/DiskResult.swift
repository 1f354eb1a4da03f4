import Foundation
import StateRestoration

/// The engine's archive on disk: an atomic write through ``FileRestorationStorage`` (temp
/// file, fsync, rename, fsync of the directory, rule R10) and a read back.
struct DiskResult: Sendable {
    let bytes: Int
    let write: Statistics
    let read: Statistics
    let directory: String
    let fileSystem: String

    /// Writes and reads `archive` `repetitions` times after one warm-up, in a new
    /// directory under `directory` (default: the temporary directory), removed afterwards.
    static func measure(archive: [UInt8], repetitions: Int, directory: String?) throws -> DiskResult {
        let base = directory ?? NSTemporaryDirectory()
        let folder = URL(fileURLWithPath: base).appendingPathComponent(
            "restoration-bench-\(ProcessInfo.processInfo.processIdentifier)"
        ).path
        let storage = FileRestorationStorage(directory: folder)
        defer { remove(folder) }
        var writes: [Double] = []
        var reads: [Double] = []
        for repetition in 0...repetitions {
            let write = try Stopwatch.milliseconds(iterations: 1) { _ in
                try storage.store(archive, as: .archive)
            }
            var loaded: [UInt8]?
            let read = try Stopwatch.milliseconds(iterations: 1) { _ in loaded = try storage.load(.archive) }
            guard loaded == archive else {
                throw BenchError.unclean(
                    library: .stateRestoration, nodes: 0,
                    problems: ["the archive read back from disk differs"])
            }
            if repetition > 0 {
                writes.append(write)
                reads.append(read)
            }
        }
        return DiskResult(
            bytes: archive.count, write: Statistics(writes), read: Statistics(reads), directory: folder,
            fileSystem: fileSystemName(of: base))
    }

    /// Removes the benchmark's directory; a failure is reported, not fatal.
    private static func remove(_ folder: String) {
        do {
            try FileManager.default.removeItem(atPath: folder)
        } catch {
            FileHandle.standardError.write(
                Data("restoration-bench: could not remove \(folder): \(error)\n".utf8))
        }
    }

    /// The file system type under `path` (ext4, tmpfs, ...), from the longest matching
    /// mount point in /proc/self/mounts: fsync costs differ by orders of magnitude.
    private static func fileSystemName(of path: String) -> String {
        guard let mounts = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else {
            return "unknown file system"
        }
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var best = (length: -1, type: "unknown file system")
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            let point = String(fields[1])
            let matches = point == "/" || target == point || target.hasPrefix(point + "/")
            if matches && point.count > best.length { best = (point.count, String(fields[2])) }
        }
        return best.type
    }
}
