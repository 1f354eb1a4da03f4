// A helper for the reliability tests; not part of the app.
//
//   homepwner-probe ARCHIVE DIR
//       Launches Homepwner headless (80x24) on DIR/data and DIR/state with ARCHIVE as its
//       saved state, restoring it and drawing one frame, with the debug log in DIR/log.
//       Prints one line:
//         diagnostics=N log=BYTES maxrss=KIB
//       where maxrss is this process's peak resident memory in KiB, so a parent can compare
//       it with that of a launch on a tiny archive (rule R33). It is VmHWM of
//       /proc/self/status, the peak of this program's own memory: getrusage's ru_maxrss
//       also counts the parent's memory before exec, whatever size the parent had.
import Foundation
import Homepwner

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: homepwner-probe ARCHIVE DIR\n".utf8))
    exit(64)
}
let directory = arguments[2]
guard let archive = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("homepwner-probe: cannot read \(arguments[1])\n".utf8))
    exit(66)
}
let outcome: HomepwnerProbe.Outcome
do {
    outcome = try MainActor.assumeIsolated {
        try HomepwnerProbe.launch(
            archive: Array(archive), dataDirectory: directory + "/data", stateDirectory: directory + "/state",
            debugLog: directory + "/log")
    }
} catch {
    FileHandle.standardError.write(Data("homepwner-probe: \(error)\n".utf8))
    exit(70)
}
/// VmHWM of /proc/self/status, in KiB; getrusage's figure where /proc is missing.
func peakResidentKiB() -> Int {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let value = Int(line.split(separator: " ").dropFirst().first ?? "")
    {
        return value
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
}
let logBytes = (try? FileManager.default.attributesOfItem(atPath: directory + "/log")[.size] as? Int) ?? 0
print("diagnostics=\(outcome.diagnostics.count) log=\(logBytes) maxrss=\(peakResidentKiB())")
