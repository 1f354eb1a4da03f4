import Foundation

/// One line naming the machine and the build, for both the table and the JSON.
enum MachineDescription {
    static var current: String {
        let info = ProcessInfo.processInfo
        let memory = Double(info.physicalMemory) / Double(1 << 30)
        #if DEBUG
            let build = "debug build (figures not meaningful)"
        #else
            let build = "release build"
        #endif
        return
            "\(cpuModel), \(info.activeProcessorCount) cores, \(String(format: "%.1f", memory)) GiB, "
            + "\(info.operatingSystemVersionString), kernel \(kernel), \(build)"
    }

    /// The kernel release from /proc/sys/kernel/osrelease.
    private static var kernel: String {
        let text = (try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8)) ?? "unknown"
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The CPU's model name from /proc/cpuinfo, or "unknown CPU".
    private static var cpuModel: String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
            return "unknown CPU"
        }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unknown CPU"
    }
}
