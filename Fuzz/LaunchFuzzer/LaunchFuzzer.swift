// libFuzzer entry point for what a launch reads besides the archive, the `launch-fuzzer`
// executable: the activity footer, the in-progress marker and launch history, and the
// session directories. One target per mode, chosen by LAUNCH_FUZZ_MODE (footer, marker or
// sessions). Two builds of one target, as `archive-fuzzer`:
// - built with `-DFUZZING`, libFuzzer and ASan (`scripts/fuzz` with TARGET=footer, marker
//   or sessions), libFuzzer's `main` calls `LLVMFuzzerTestOneInput` for every input;
// - built plainly (`swift build`, so `make test`), it is a replay driver and the seed
//   corpus's writer:
//
//       launch-fuzzer [-v] MODE FILE_OR_DIRECTORY...   (-v: a line on each input's launch)
//       launch-fuzzer --write-corpus DIR        writes DIR/footer, DIR/marker, DIR/sessions
//
// Each mode states what must hold (FooterTarget, MarkerTarget, SessionsTarget); a
// violation traps, as does a crash, and libFuzzer keeps the input. A hang is caught by
// libFuzzer's -timeout.

import Foundation
import TestSupport

/// The fuzzed reader, by name.
enum LaunchFuzzMode: String, CaseIterable {
    case footer, marker, sessions

    /// LAUNCH_FUZZ_MODE, read once.
    static let current: LaunchFuzzMode = {
        let name = ProcessInfo.processInfo.environment["LAUNCH_FUZZ_MODE"] ?? ""
        guard let mode = LaunchFuzzMode(rawValue: name) else {
            FileHandle.standardError.write(
                Data("launch-fuzzer: set LAUNCH_FUZZ_MODE to footer, marker or sessions\n".utf8))
            exit(64)
        }
        return mode
    }()

    @MainActor
    func run(_ input: [UInt8]) {
        switch self {
        case .footer: FooterTarget.run(input)
        case .marker: MarkerTarget.run(input)
        case .sessions: SessionsTarget.run(input)
        }
    }

    @MainActor
    var seeds: [(String, [UInt8])] {
        switch self {
        case .footer: FooterTarget.seeds()
        case .marker: MarkerTarget.seeds()
        case .sessions: SessionLayout.seeds()
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func launchFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let mode = LaunchFuzzMode.current
    MainActor.assumeIsolated { mode.run(input) }
    return 0
}

#if !FUZZING
    /// The replay driver and corpus writer (the build without libFuzzer).
    @main
    struct LaunchFuzzReplay {
        @MainActor
        static func main() throws {
            var arguments = Array(CommandLine.arguments.dropFirst())
            if arguments.first == "-v" {
                LaunchFixture.verbose = true
                arguments.removeFirst()
            }
            if arguments.count == 2, arguments[0] == "--write-corpus" {
                for mode in LaunchFuzzMode.allCases {
                    let directory = arguments[1] + "/" + mode.rawValue
                    try FileManager.default.createDirectory(
                        atPath: directory, withIntermediateDirectories: true)
                    for (name, bytes) in mode.seeds {
                        try Data(bytes).write(to: URL(fileURLWithPath: directory + "/" + name))
                    }
                    print("launch-fuzzer: \(mode.seeds.count) \(mode.rawValue) seeds in \(directory)")
                }
                return
            }
            guard arguments.count >= 2, let mode = LaunchFuzzMode(rawValue: arguments[0]),
                !arguments.dropFirst().contains(where: { $0.hasPrefix("-") })
            else {
                FileHandle.standardError.write(
                    Data(
                        "usage: launch-fuzzer [-v] footer|marker|sessions FILE_OR_DIRECTORY...\n       launch-fuzzer --write-corpus DIR\n"
                            .utf8))
                exit(64)
            }
            var count = 0
            for file in InputFiles.expanding(Array(arguments.dropFirst())) {
                guard let bytes = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("launch-fuzzer: cannot read \(file)\n".utf8))
                    exit(66)
                }
                if LaunchFixture.verbose { print("== \(file)") }
                mode.run(Array(bytes))
                count += 1
            }
            print("launch-fuzzer: \(count) \(mode.rawValue) inputs replayed, no finding")
        }
    }
#endif
