// `restoration-bench --phases`, scripts/bench-phases: how long each part of a restore takes,
// in a loop: the CRC-32 of the archive, the checks of every byte (`ArchiveReader.view()`,
// CRC included), and the whole `restore(bytes:)`, next to the floor's decode and both
// encodes, for the benchmark's tree (docs/PERFORMANCE.md, "Why the decode is still over
// twice the floor"):
//
//     restoration-bench --phases [N]               the parts, for N objects (default 1,000)
//     restoration-bench --phases N restores K      only restores, K batches of 100 (perf record)
//     restoration-bench --phases N faults          page faults per encode, engine and floor
//
// Each batch of the first mode handles 300,000 objects (OBJECTS_PER_BATCH=n for fewer).
//
// The reader and the CRC-32 are internal to the engine: this file reaches them with
// `@testable import`, so it is compiled only where the engine was built for testing: a debug
// build (SwiftPM's default), or scripts/bench-phases's release build (-enable-testing
// -DPHASE_TIMES, in .build-phases). Elsewhere (`swift build -c release`) `--phases` says so.

import Foundation

#if DEBUG || PHASE_TIMES
    @testable import StateRestoration

    @MainActor
    enum PhaseTimes {
        /// Runs the mode `arguments` name (see the file's header).
        static func main(_ arguments: [String]) throws {
            let nodes = arguments.first.flatMap { Int($0) } ?? 1000
            if arguments.dropFirst().first == "faults" {
                try encodeFaults(nodes: nodes)
            } else if arguments.dropFirst().first == "restores" {
                let rounds = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 100
                try loopRestores(nodes: nodes, rounds: rounds)
            } else {
                try run(nodes: nodes)
            }
        }

        /// How many objects each batch restores or saves: OBJECTS_PER_BATCH, or 300,000.
        /// scripts/check-scripts makes it small, to run every phase once in a debug build.
        private static var objectsPerBatch: Int {
            ProcessInfo.processInfo.environment["OBJECTS_PER_BATCH"].flatMap { Int($0) } ?? 300_000
        }

        private static func median(
            _ label: String, batches: Int, perBatch: Int, prepare: () -> Void = {}, _ body: () throws -> Void
        )
            rethrows
        {
            var samples: [Double] = []
            for _ in 0..<batches {
                prepare()
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<perBatch { try body() }
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(perBatch) / 1000)
            }
            samples.sort()
            print(
                label.padding(toLength: 44, withPad: " ", startingAt: 0),
                String(format: "%8.1f µs", samples[batches / 2]))
        }

        private static func run(nodes: Int) throws {
            let tree = BenchTree(nodes: nodes)
            let engine = EngineContender(tree: tree)
            let floor = FloorContender(tree: tree)
            guard case .array(let bytes) = try engine.encode() else { return }
            let floorBytes = try floor.encode()
            let perBatch = max(1, objectsPerBatch / nodes)
            print("\(nodes) objects, archive of \(bytes.count) bytes; medians of 7 batches of \(perBatch)")
            median("CRC-32 of the archive", batches: 7, perBatch: perBatch) {
                _ = CRC32.checksum(bytes.span.extracting(..<(bytes.count - 4)))
            }
            try median("ArchiveReader.view(): CRC and every check", batches: 7, perBatch: perBatch) {
                _ = try ArchiveReader(bytes: bytes, limits: .default).view()
            }
            var slot = 0
            let prepare = {
                engine.prepareDecodes(perBatch)
                slot = 0
            }
            try median(
                "restore(bytes:), all of it (trees kept)", batches: 7, perBatch: perBatch, prepare: prepare
            ) {
                _ = try engine.decode(.array(bytes), slot: slot)
                slot += 1
            }
            try median("floor decode (tree freed each time)", batches: 7, perBatch: perBatch) {
                _ = try floor.decode(floorBytes, slot: 0)
            }
            try median("engine encode", batches: 7, perBatch: perBatch) { _ = try engine.encode() }
            try median("floor encode", batches: 7, perBatch: perBatch) { _ = try floor.encode() }
        }

        /// Only restores, `rounds` batches of 100, for a sampling profiler (`perf record`).
        private static func loopRestores(nodes: Int, rounds: Int) throws {
            let tree = BenchTree(nodes: nodes)
            let engine = EngineContender(tree: tree)
            guard case .array(let bytes) = try engine.encode() else { return }
            for _ in 0..<rounds {
                engine.prepareDecodes(100)
                for slot in 0..<100 { _ = try engine.decode(.array(bytes), slot: slot) }
            }
            print("\(rounds * 100) restores of \(bytes.count) bytes")
        }

        /// Page faults and time per encode, after two warm-up encodes, for the engine and the floor.
        private static func encodeFaults(nodes: Int) throws {
            func faults() -> Int {
                var usage = rusage()
                getrusage(RUSAGE_SELF.rawValue, &usage)
                return usage.ru_minflt
            }
            let tree = BenchTree(nodes: nodes)
            let contenders: [(String, any Contender)] = [
                ("engine", EngineContender(tree: tree)), ("floor", FloorContender(tree: tree)),
            ]
            for (name, contender) in contenders {
                _ = try contender.encode()
                _ = try contender.encode()
                let before = faults()
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<10 { _ = try contender.encode() }
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 10 / 1e6
                print(
                    name.padding(toLength: 8, withPad: " ", startingAt: 0),
                    "\((faults() - before) / 10) page faults and", String(format: "%.2f ms", elapsed),
                    "per encode")
            }
        }
    }
#else
    import ArgumentKit

    enum PhaseTimes {
        /// Says why there is nothing to run in this build.
        static func main(_ arguments: [String]) throws {
            writeError(
                "restoration-bench: --phases times the engine's internals: build it with "
                    + "scripts/bench-phases, or in debug\n")
            exit(ExitStatus.usage.rawValue)
        }
    }
#endif
