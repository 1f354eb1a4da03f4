// libFuzzer entry point for the archive reader, the `archive-fuzzer` executable. Two builds
// of one target, as homepwner-fuzz (App/Sources/homepwner-fuzz/FuzzEntry.swift):
// - built with `-DFUZZING`, libFuzzer and ASan (`scripts/fuzz`, `make fuzz SECONDS=60`),
//   libFuzzer's `main` calls `LLVMFuzzerTestOneInput` for every input;
// - built plainly (`swift build`, so `make test`), it is a replay driver:
//
//       archive-fuzzer FILE_OR_DIRECTORY...
//
//   runs every file once (every file of a directory) and prints how many it ran; run a
//   `crash-*` file of libFuzzer this way to see the finding again.
//
// Every input must either parse or throw an ArchiveError; a parsed archive is also restored,
// in place from its bytes and from the value, into a throwaway engine that creates an
// object for every record and reads every key through every look-up. A trap, a leak
// report or a timeout is a finding.

import Foundation
import StateRestoration
import TestSupport

/// Restores every record (R13b) and reads every entry of every keyed space through each of
/// the decoder's look-ups, so that the in-place reader behind them sees every input the
/// checks accepted.
@MainActor
private final class FuzzDelegate: RestorationDelegate {
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool {
        FuzzObject.readAll(coder)
        return true
    }

    func restorableObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        _ = path.count
        _ = path.parent
        _ = path.description
        return FuzzObject(path.last?.identifier)
    }

    func didDecodeRestorableState(_ coder: StateDecoder) throws {
        FuzzObject.readAll(coder)
    }
}

@MainActor
private final class FuzzObject: RestorableObject {
    let restorationIdentifier: String?
    init(_ identifier: String?) { restorationIdentifier = identifier }

    func decodeRestorableState(with coder: StateDecoder) throws {
        Self.readAll(coder)
    }

    static func readAll(_ coder: StateDecoder) {
        for entry in coder.entries {
            _ = coder.stateValue(forKey: entry.key)
            _ = coder.contains(entry.key)
            _ = try? coder.decode(String.self, forKey: entry.key)
            _ = try? coder.decode(Int.self, forKey: entry.key)
            _ = try? coder.decodeIfPresent(Data.self, forKey: entry.key)
            _ = try? coder.decodeObject(forKey: entry.key)
            _ = try? coder.decodeObjects(forKey: entry.key)
            _ = try? coder.decodeObjects(of: FuzzObject.self, forKey: entry.key)
        }
        _ = coder.stateValue(forKey: "no such key")
        _ = coder.path.description
    }
}

/// The input with its header's length and its CRC-32 made right, when it is long enough to
/// have both: most mutations would otherwise stop at the checksum, and the structural
/// checks and the in-place reader behind them would see few inputs.
private func resealed(_ input: [UInt8]) -> [UInt8] {
    guard input.count >= ArchiveFormat.headerSize + ArchiveFormat.trailerSize else { return input }
    return ArchiveSealing.resealed(input)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchive(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    // Inputs of odd length as they are (the checksum must catch their damage), the others
    // resealed.
    let bytes = size % 2 == 1 ? input : resealed(input)
    MainActor.assumeIsolated {
        let delegate = FuzzDelegate()
        let engine = RestorationEngine(
            configuration: RestorationConfiguration(appName: "fuzz", appVersion: "1", debugOutput: .off),
            registry: RestorationRegistry(), storage: FileRestorationStorage(directory: "/nonexistent"),
            scheduler: nil, delegate: delegate, roots: { [FuzzObject("Root")] })
        // The value and the in-place restore go through one reader: they must agree.
        let archive = try? Archive(bytes: bytes)
        do {
            _ = try engine.restore(bytes: bytes)
            if archive == nil { fatalError("restore(bytes:) accepted bytes that Archive(bytes:) refused") }
        } catch {
            if archive != nil { fatalError("restore(bytes:) refused bytes that Archive(bytes:) accepted") }
        }
        if let archive { _ = engine.restore(archive) }
    }
    return 0
}

#if !FUZZING
    /// The replay driver (the build without libFuzzer).
    @main
    struct ArchiveFuzzReplay {
        static func main() {
            let paths = CommandLine.arguments.dropFirst()
            if paths.isEmpty || paths.contains(where: { $0.hasPrefix("-") }) {
                FileHandle.standardError.write(Data("usage: archive-fuzzer FILE_OR_DIRECTORY...\n".utf8))
                exit(64)
            }
            var count = 0
            for file in InputFiles.expanding(Array(paths)) {
                guard let bytes = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("archive-fuzzer: cannot read \(file)\n".utf8))
                    exit(66)
                }
                // One byte more than the input, so that even an empty input has an address.
                _ = ([UInt8](bytes) + [0]).withUnsafeBufferPointer { buffer in
                    fuzzArchive(buffer.baseAddress!, bytes.count)
                }
                count += 1
            }
            print("archive-fuzzer: \(count) inputs replayed, no finding")
        }

    }
#endif
