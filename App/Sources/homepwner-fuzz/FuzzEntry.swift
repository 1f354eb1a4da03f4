// The fuzz target of what users run: bytes through Homepwner's real restore (the app
// delegate, the restoration classes, TerminalKit's controllers, the headless driver and one
// drawn frame), on one item store prepared once. See docs/reliability-history.md, "Fuzzing what
// users run".
//
// Two builds of one target:
// - built with `-DFUZZING` and libFuzzer (`scripts/fuzz-app`), libFuzzer's `main` calls
//   `LLVMFuzzerTestOneInput` for every input;
// - built plainly (`make test`), it is a replay driver:
//
//       homepwner-fuzz [-v] [--dump DIR] [--recipes N] [--seed S] FILE_OR_DIRECTORY...
//
//   runs every file once (every file of a directory), then N structure-aware recipes made
//   from seeds S, S+1, ... (Recipe.swift), prints a summary and exits 0; -v prints each
//   input's diagnostics and screen, --dump DIR writes the archive each input launched
//   (`restoration-archive show` reads it). A crash is the
//   finding: run a `crash-*` file of libFuzzer this way to see it again.

import Foundation
import TestSupport

/// libFuzzer's entry point: launches Homepwner from `data`: archive bytes (resealed when
/// of even length, ``Reseal``), or a recipe when the first byte is ``Recipe/marker``. A trap, an ASan report, a timeout or memory
/// over `-rss_limit_mb` is a finding; whatever the restore reports is not.
@_cdecl("LLVMFuzzerTestOneInput")
public func homepwnerFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    MainActor.assumeIsolated { _ = FuzzHarness.run(input) }
    return 0
}

#if !FUZZING
    /// The replay driver (the build without libFuzzer).
    @main
    struct HomepwnerFuzzReplay {
        @MainActor
        static func main() {
            var paths: [String] = []
            var recipes = 0
            var seed: UInt64 = 0
            var verbose = false
            var dump: String?
            var arguments = CommandLine.arguments.dropFirst()
            while let argument = arguments.popFirst() {
                switch argument {
                case "--recipes":
                    guard let value = arguments.popFirst().flatMap({ Int($0) }) else { usage() }
                    recipes = value
                case "--seed":
                    guard let value = arguments.popFirst().flatMap({ UInt64($0) }) else { usage() }
                    seed = value
                case "-v", "--verbose": verbose = true
                case "--dump":
                    guard let value = arguments.popFirst() else { usage() }
                    dump = value
                case "-h", "--help": usage(status: 0)
                default: paths.append(argument)
                }
            }
            var summary = FuzzHarness.Summary()
            for file in InputFiles.expanding(paths) {
                guard let bytes = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("homepwner-fuzz: cannot read \(file)\n".utf8))
                    exit(66)
                }
                summary.add(show(file, FuzzHarness.run(Array(bytes)), verbose: verbose, dump: dump))
            }
            for index in 0..<UInt64(max(recipes, 0)) {
                let input = Recipe.input(seed: seed &+ index)
                summary.add(
                    show("recipe \(seed &+ index)", FuzzHarness.run(input), verbose: verbose, dump: dump))
            }
            print(summary)
            FuzzHarness.tearDown()
        }

        /// `run`, after printing its diagnostics and screen under `name` when `verbose`.
        static func show(_ name: String, _ run: FuzzHarness.Run, verbose: Bool, dump: String?)
            -> FuzzHarness.Run
        {
            if let dump {
                let file =
                    dump + "/"
                    + (name.split(separator: "/").last.map(String.init) ?? name)
                    .replacingOccurrences(of: " ", with: "-") + ".archive"
                _ = FileManager.default.createFile(atPath: file, contents: Data(run.archive))
            }
            guard verbose else { return run }
            print("== \(name)")
            for diagnostic in run.outcome?.diagnostics ?? ["(the launch threw)"] { print("  \(diagnostic)") }
            print(run.outcome?.screen ?? "")
            return run
        }

        static func usage(status: Int32 = 64) -> Never {
            let text =
                "usage: homepwner-fuzz [-v] [--dump DIR] [--recipes N] [--seed S] FILE_OR_DIRECTORY...\n"
            FileHandle.standardError.write(Data(text.utf8))
            exit(status)
        }
    }
#endif
