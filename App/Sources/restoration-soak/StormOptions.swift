import Foundation

/// The settings of a storm, shared by the archive and store storms.
struct StormOptions {
    /// Where the storm keeps its files; emptied first.
    var directory: String
    /// How many kills.
    var cycles = 1000
    /// Seeds the kill times (and the store's random edits), so a run can be repeated.
    var seed: UInt64 = 1
    /// A kill comes at a random moment up to this long after the child is ready.
    var maxDelay: Duration = .milliseconds(60)
    /// One line per cycle instead of one per failure.
    var verbose = false

    /// The directory of this executable, where its sibling tools were built.
    static var toolDirectory: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .path
    }

    /// Creates ``directory`` if needed and removes `subdirectory` (the last storm's files).
    /// Ends the process (status 2) when the directory cannot be made.
    func prepareDirectory(emptying subdirectory: String) {
        try? FileManager.default.removeItem(atPath: subdirectory)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            fail("cannot create \(directory): \(error)")
        }
    }

    static var executablePath: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
    }
}

/// A random duration below `limit`.
func randomDuration<Generator: RandomNumberGenerator>(below limit: Duration, using generator: inout Generator)
    -> Duration
{
    let microseconds = max(Int64(limit / .microseconds(1)), 1)
    return .microseconds(Int64.random(in: 0..<microseconds, using: &generator))
}

/// The names in `directory` that start with `prefix`.
func names(in directory: String, startingWith prefix: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix(prefix) }
        .sorted()
}

/// The permission bits of `path`, or nil if it does not exist.
func permissions(of path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
}

/// Seconds as text, one decimal.
func seconds(_ duration: Duration) -> String {
    String(format: "%.1f s", Double(duration / .milliseconds(1)) / 1000)
}

/// One kill of a storm: starts `executable` with `arguments`, lets it run to a random
/// moment (one time in ten during its start-up, else after a line that `isReady` accepts,
/// then up to `maxDelay` more), and kills it with SIGKILL.
/// - Returns: The killed child, holding what it printed. A child that never said it was
///   ready, or that ended by itself, adds a line naming it (`name`) to `notes`.
func killAtRandomMoment<Generator: RandomNumberGenerator>(
    _ executable: String, _ arguments: [String], name: String, isReady: (String) -> Bool,
    maxDelay: Duration, using generator: inout Generator, notes: inout [String]
) -> ChildProcess {
    var child: ChildProcess
    do {
        child = try ChildProcess(executable, arguments)
    } catch {
        fail(error.description)
    }
    if UInt64.random(in: 0..<10, using: &generator) == 0 {
        child.read(for: randomDuration(below: .milliseconds(20), using: &generator))
    } else {
        if !child.read(until: isReady, timeout: .seconds(30)) {
            notes.append("\(name) never said it was ready")
        }
        child.read(for: randomDuration(below: maxDelay, using: &generator))
    }
    child.send(SIGKILL)
    let ending = child.finish()
    if ending != .signalled(SIGKILL) {
        notes.append("\(name) ended by itself (\(ending)): \(child.lines.suffix(2))")
    }
    return child
}
