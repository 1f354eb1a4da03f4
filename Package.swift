// swift-tools-version:6.2
import PackageDescription

/// The state restoration engine and its test harness: all that a package depending on this
/// one gets. No system library, no UI. Homepwner, TerminalKit and the tools are a package of
/// their own in `App/` that depends on this one by path, as any adopter would
/// (docs/DECISIONS.md, "Two packages").
let package = Package(
    name: "StateRestoration",
    products: [
        .library(name: "StateRestoration", targets: ["StateRestoration"]),
        .library(name: "RestorationTesting", targets: ["RestorationTesting"]),
        // For this repository's tests only (App's included): not API, no stability promise.
        .library(name: "TestSupport", targets: ["TestSupport"]),
    ],
    targets: [
        // Strict memory safety, its warnings errors: an unsafe construct compiles only marked
        // `unsafe`, and scripts/check-unsafe allows that mark only in Sources/StateRestoration/
        // Unchecked/ (docs/DECISIONS.md, "Unsafe code in one folder, one type per file").
        .target(
            name: "StateRestoration", dependencies: ["CArchiveChecksum"],
            swiftSettings: [.strictMemorySafety(), .treatWarning("StrictMemorySafety", as: .error)]),
        // The archive's CRC-32 by carry-less multiplication (x86-64), the engine's only C:
        // Swift cannot name the instruction (docs/DECISIONS.md).
        .target(name: "CArchiveChecksum"),
        // TestSupport for the fuzzer's seeded generator only, imported `internal`: nothing of
        // it is in RestorationTesting's API (docs/DECISIONS.md, "TestSupport").
        .target(name: "RestorationTesting", dependencies: ["StateRestoration", "TestSupport"]),
        /// Helpers shared by this repository's tests, the engine's and App's: a seeded
        /// generator, temporary directories, archive resealing and a reference CRC-32. It is
        /// a library product only so that App's test targets can depend on it; it is not
        /// API, and adopters should not use it (docs/DECISIONS.md, "TestSupport"). The
        /// harness's fuzzer takes its seeded generator from it, imported `internal`.
        .target(name: "TestSupport", dependencies: ["StateRestoration"]),
        // Built by `swift build` (and so by `make test`) so that a change of the engine's API
        // breaks them at once, and built the same way by the scripts (rule C8): scripts/fuzz
        // builds `archive-fuzzer` with -DFUZZING, libFuzzer and ASan (built plainly, it
        // replays files); scripts/compare-readers builds `reader-digest` and
        // `fuzz-corpus-writer`, and the same ReaderDigest.swift against an older commit's
        // engine in a package of its own. The phase timings of scripts/bench-phases are App's
        // `restoration-bench --phases` (docs/DECISIONS.md, "Scripts build through SwiftPM").
        .executableTarget(
            name: "archive-fuzzer", dependencies: ["StateRestoration", "TestSupport"], path: "Fuzz",
            exclude: [
                "corpus", "app-corpus", "app-findings", "launch-corpus", "store-corpus", "LaunchFuzzer",
                "CorpusWriter.swift",
            ],
            sources: ["ArchiveFuzzer.swift"]),
        // What a launch reads besides the archive (the activity footer, the in-progress
        // marker, the session directories), one mode each; scripts/fuzz builds it as
        // `archive-fuzzer` with TARGET=footer, marker or sessions. Built plainly, it replays
        // files and writes its seeds (Fuzz/launch-corpus).
        .executableTarget(
            name: "launch-fuzzer", dependencies: ["StateRestoration", "TestSupport"], path: "Fuzz",
            exclude: [
                "corpus", "app-corpus", "app-findings", "launch-corpus", "store-corpus",
                "ArchiveFuzzer.swift",
                "CorpusWriter.swift",
            ],
            sources: ["LaunchFuzzer"]),
        .executableTarget(
            name: "fuzz-corpus-writer", dependencies: ["StateRestoration"], path: "Fuzz",
            exclude: [
                "corpus", "app-corpus", "app-findings", "launch-corpus", "store-corpus", "LaunchFuzzer",
                "ArchiveFuzzer.swift",
            ],
            sources: ["CorpusWriter.swift"]),
        .executableTarget(
            name: "reader-digest", dependencies: ["StateRestoration"], path: "Bench",
            exclude: ["machine-state.c"], sources: ["ReaderDigest.swift"]),
        .testTarget(
            name: "StateRestorationTests",
            dependencies: ["StateRestoration", "RestorationTesting", "TestSupport"]),
        /// The power-loss model of rule X2 and its scenarios (docs/RELIABILITY.md, "Power
        /// loss during a save"); `crash-states` runs it, `make crash-states`.
        .target(
            name: "CrashStates", dependencies: ["StateRestoration", "RestorationTesting", "TestSupport"]),
        .executableTarget(name: "crash-states", dependencies: ["CrashStates"]),
        .testTarget(name: "CrashStatesTests", dependencies: ["CrashStates", "StateRestoration"]),
    ],
    swiftLanguageModes: [.v6]
)
