// The fuzz target of the item store's open: a hostile data directory (a database, its WAL,
// their owners, links and modes) through `PreparedLaunch.prepare` and what a launch then
// asks of the store. See StoreFuzzInput for the input's layout, StoreFuzzHarness for what
// must hold, and docs/RELIABILITY.md, "Fuzzing what a launch reads".
//
// Two builds of one target, as homepwner-fuzz:
// - built with `-DFUZZING` and libFuzzer (`scripts/fuzz-app` with TARGET=store), libFuzzer's
//   `main` calls `LLVMFuzzerTestOneInput` for every input;
// - built plainly (`make test`), it is a replay driver and the seed corpus's writer:
//
//       homepwner-store-fuzz [-v] FILE_OR_DIRECTORY...
//       homepwner-store-fuzz --write-corpus DIR
//
//   runs every file once and prints how many; -v prints what each did. A `crash-*` file of
//   libFuzzer replayed so shows the finding again.

import Foundation
import TestSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func homepwnerStoreFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    _ = StoreFuzzHarness.run(input)
    return 0
}

#if !FUZZING
    /// The replay driver and corpus writer (the build without libFuzzer).
    @main
    struct HomepwnerStoreFuzzReplay {
        static func main() throws {
            var arguments = Array(CommandLine.arguments.dropFirst())
            if arguments.count == 2, arguments[0] == "--write-corpus" {
                let directory = arguments[1]
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                let seeds = HostileDatabases.seeds(scratch: StoreFuzzHarness.root + "/seeds")
                for (name, input) in seeds {
                    try Data(input.bytes).write(to: URL(fileURLWithPath: directory + "/" + name))
                }
                print("homepwner-store-fuzz: \(seeds.count) seeds in \(directory)")
                return
            }
            let verbose = arguments.first == "-v"
            if verbose { arguments.removeFirst() }
            guard !arguments.isEmpty, !arguments.contains(where: { $0.hasPrefix("-") }) else {
                FileHandle.standardError.write(
                    Data(
                        "usage: homepwner-store-fuzz [-v] FILE_OR_DIRECTORY...\n       homepwner-store-fuzz --write-corpus DIR\n"
                            .utf8))
                exit(64)
            }
            var count = 0
            for file in InputFiles.expanding(arguments) {
                guard let bytes = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("homepwner-store-fuzz: cannot read \(file)\n".utf8))
                    exit(66)
                }
                let outcome = StoreFuzzHarness.run(Array(bytes))
                if verbose { print("== \(file)\n  \(outcome)") }
                count += 1
            }
            print("homepwner-store-fuzz: \(count) inputs replayed, no finding")
        }
    }
#endif
