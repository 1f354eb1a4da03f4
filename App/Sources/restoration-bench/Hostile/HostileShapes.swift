import Foundation
import RestorationTesting
import StateRestoration

#if canImport(Glibc)
    import Glibc
#endif

/// The archives an attacker crafts to make a restore spend what their size does not show
/// (rule R33), timed and measured for peak memory at growing sizes (`--hostile`).
///
/// The parent writes each archive to a file; a child process (this executable with
/// `--hostile-child FILE`) reads it and restores it once, so that the peak resident memory
/// is the restore's own: the child reports `VmHWM` before and after the restore.
/// The parent prints time and extra peak memory per size, and how each grows from one size
/// to the next, which should be about the size's own growth (linear).
enum HostileShapes {
    /// The shapes, with the sizes each is run at (bytes or counts, each 4x the last).
    static let shapes: [(name: String, sizes: [Int])] = [
        ("long identifier x depth 64", [16 << 10, 64 << 10, 256 << 10, 1 << 20]),
        ("records", [12_500, 50_000, 200_000, 800_000]),
        ("long string", [1 << 20, 4 << 20, 16 << 20 - 64]),
        ("references", [62_500, 250_000, 1_000_000, 4_000_000]),
    ]

    /// A restorable node whose children and string come back through the containment API.
    @MainActor
    final class Node: RestorableObject {
        var restorationIdentifier: String?
        var restorationClass: (any ObjectRestoration.Type)? { Restorer.self }
        var children: [Node] = []
        var text = ""
        init(_ identifier: String?) { restorationIdentifier = identifier }
        func decodeRestorableState(with coder: StateDecoder) throws {
            text = try coder.decodeIfPresent(String.self, forKey: "text") ?? ""
            children = try coder.decodeContainedObjects(of: Node.self, forKey: "children")
        }
    }

    @MainActor
    enum Restorer: ObjectRestoration {
        static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
            -> (any RestorableObject)?
        {
            Node(path.last?.identifier)
        }
    }

    /// The archive of `shape` at `size`.
    static func archive(_ shape: String, size: Int) -> [UInt8] {
        func record(_ parent: Int?, _ path: RestorationPath, _ entries: [ArchiveEntry] = []) -> ArchiveRecord
        {
            ArchiveRecord(
                parentIndex: parent, path: path, typeName: "HostileNode", restorationClassName: "Restorer",
                stateVersion: 0, entries: entries)
        }
        let root = RestorationPath(identifiers: ["Root"])
        var records: [ArchiveRecord] = []
        switch shape {
        case "long identifier x depth 64":
            let identifier = String(repeating: "x", count: size)
            var path = RestorationPath()
            for level in 0..<64 {
                path = path.appending(identifier)
                records.append(
                    record(
                        level == 0 ? nil : level - 1, path,
                        level < 63
                            ? [ArchiveEntry(key: "children", value: .array([.reference(level + 1)]))] : []))
            }
        case "records":
            records.append(
                record(
                    nil, root,
                    [ArchiveEntry(key: "children", value: .array((1...size).map { .reference($0) }))]))
            for index in 0..<size {
                records.append(record(0, root.appending("Screen", occurrence: index)))
            }
        case "long string":
            records.append(
                record(
                    nil, root,
                    [ArchiveEntry(key: "text", value: .string(String(repeating: "熊", count: size / 3)))]))
        default:  // references: one real child listed `size` times
            records.append(
                record(
                    nil, root,
                    [
                        ArchiveEntry(
                            key: "children", value: .array(Array(repeating: .reference(1), count: size)))
                    ]))
            records.append(record(0, root.appending("Child")))
        }
        let metadata = ArchiveMetadata(
            appName: "restoration-bench", appVersion: "1", systemVersion: "bench",
            timestamp: Date(timeIntervalSince1970: 0),
            interfaceIdiom: "bench")
        return Archive(
            metadata: metadata, applicationState: [], records: records, byteCount: 0, stringCount: 0
        )
        .encodedBytes()
    }

    /// `VmHWM` of this process, in KiB.
    static func peakKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// The child: reads the archive, then restores it once; prints
    /// `bytes=B ms=T before=K after=K diagnostics=N`.
    @MainActor
    static func child(file: String) -> String {
        let bytes = [UInt8](FileManager.default.contents(atPath: file) ?? Data())
        let before = peakKiB()
        let engine = RestorationEngine(
            configuration: RestorationConfiguration(
                appName: "restoration-bench", appVersion: "1", debugOutput: .off),
            registry: RestorationRegistry([Restorer.self]), storage: InMemoryStorage(), delegate: nil,
            roots: { [] })
        let start = ContinuousClock.now
        let report = try? engine.restore(bytes: bytes)
        let milliseconds = Stopwatch.milliseconds(ContinuousClock.now - start)
        let after = peakKiB()
        return
            "bytes=\(bytes.count) ms=\(String(format: "%.3f", milliseconds)) before=\(before) after=\(after) "
            + "diagnostics=\(report?.diagnostics.count ?? -1)"
    }

    /// The parent: runs every shape at every size in children and prints the table.
    static func run(executable: String) throws -> String {
        var lines = [
            "Hostile archives (rule R33): one restore each, in a child process; extra peak = VmHWM after the "
                + "restore less before it.",
            "shape                         size        archive   restore ms   extra peak KiB  budget KiB  time growth",
        ]
        for (name, sizes) in shapes {
            var lastMilliseconds: Double?
            for size in sizes {
                let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "restoration-bench-hostile-\(getpid()).archive")
                try Data(archive(name, size: size)).write(to: file)
                defer { try? FileManager.default.removeItem(at: file) }
                let process = Process()
                process.executableURL = URL(fileURLWithPath: executable)
                process.arguments = ["--hostile-child", file.path]
                let pipe = Pipe()
                process.standardOutput = pipe
                try process.run()
                let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                var figures: [String: Double] = [:]
                for word in output.split(whereSeparator: \.isWhitespace) {
                    let parts = word.split(separator: "=")
                    if parts.count == 2, let value = Double(parts[1]) { figures[String(parts[0])] = value }
                }
                let bytes = Int(figures["bytes"] ?? 0)
                let milliseconds = figures["ms"] ?? 0
                let extra = Int((figures["after"] ?? 0) - (figures["before"] ?? 0))
                let budget = 8 * bytes / 1024 + 16 * 1024
                let growth =
                    lastMilliseconds.map { String(format: "%.1fx", milliseconds / max($0, 0.001)) } ?? ""
                lastMilliseconds = milliseconds
                lines.append(
                    name.padding(toLength: 28, withPad: " ", startingAt: 0)
                        + String(
                            format: "%10d %12d %12.2f %16d %11d  %@", size, bytes, milliseconds, extra,
                            budget, growth)
                        + (extra > budget ? "  OVER" : ""))
            }
        }
        lines.append("Sizes grow 4x from row to row; linear time grows about 4x.")
        return lines.joined(separator: "\n") + "\n"
    }
}
