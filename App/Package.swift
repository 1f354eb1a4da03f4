// swift-tools-version:6.2
import Foundation
import PackageDescription

/// Homepwner, TerminalKit and the command-line tools, on the engine of the repository's root
/// package, which they depend on by path exactly as an outside adopter would.
///
/// Layers, bottom to top (see docs/DECISIONS.md and README.md):
/// C shims → StateRestoration (engine, `..`) → RestorationTesting / TerminalKit → Homepwner →
/// executables. HomepwnerCore (items, their store, photos and paths) sits on the C shims
/// alone, under Homepwner: no UI and no engine (rule C7).

/// SwiftPM names a path dependency after its folder, which is wherever the repository was
/// cloned: the engine's package identity is that folder's name.
let engine = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()
let stateRestoration = Target.Dependency.product(name: "StateRestoration", package: engine)
let restorationTesting = Target.Dependency.product(name: "RestorationTesting", package: engine)
/// The engine package's helpers for this repository's tests (not API): tests only.
let testSupport = Target.Dependency.product(name: "TestSupport", package: engine)

let package = Package(
    name: "Homepwner",
    products: [
        .library(name: "TerminalKit", targets: ["TerminalKit"]),
        .library(name: "HomepwnerCore", targets: ["HomepwnerCore"]),
        // For the desktop app's package (Desktop/): the command line and the launch that
        // every Homepwner front end shares, with no UI (rule G1).
        .library(name: "HomepwnerLaunch", targets: ["HomepwnerLaunch"]),
        .library(name: "ArgumentKit", targets: ["ArgumentKit"]),
        // The end-to-end tests' process helpers (built products, programs on the PATH), for
        // the desktop package's tests too.
        .library(name: "TmuxTesting", targets: ["TmuxTesting"]),
        .executable(name: "homepwner", targets: ["homepwner"]),
        .executable(name: "terminalkit-demo", targets: ["terminalkit-demo"]),
        .executable(name: "restoration-archive", targets: ["restoration-archive"]),
        .executable(name: "restoration-bench", targets: ["restoration-bench"]),
    ],
    dependencies: [.package(path: "..")],
    targets: [
        // MARK: C shims
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // Character widths (wcwidth), raw mode (termios) and signal handlers: TerminalKit's C side.
        .target(name: "CTerminal"),
        // libpng's simplified API and libjpeg (libpng-dev, libjpeg-dev), for Homepwner's photos.
        .target(name: "CImageDecode", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg")]),

        // End-to-end tests' private tmux server (Foundation only; no project modules).
        .target(name: "TmuxTesting"),

        // MARK: Command-line plumbing shared by the executables
        .target(name: "ArgumentKit"),
        .target(name: "ArchiveInspector", dependencies: [stateRestoration, "ArgumentKit"]),

        // MARK: The UI-free core (rule C7): items, their SQLite store, photos and paths.
        // No UI and no engine: the terminal app builds on it, and so can a desktop app (G1).
        .target(name: "HomepwnerCore", dependencies: ["CSQLite", "CImageDecode"]),
        // The options, directories, store and `--open` lookup of a launch, shared by the
        // terminal app and the desktop app (rule G1); no UI either.
        .target(name: "HomepwnerLaunch", dependencies: ["HomepwnerCore", "ArgumentKit", stateRestoration]),

        // MARK: UI layer and the app
        .target(name: "TerminalKit", dependencies: [stateRestoration, "CTerminal"]),
        .target(
            name: "Homepwner",
            dependencies: [
                "HomepwnerCore", "HomepwnerLaunch", "TerminalKit", stateRestoration, "ArgumentKit",
            ]),

        // MARK: Executables (thin)
        .executableTarget(name: "homepwner", dependencies: ["Homepwner", "ArgumentKit"]),
        .executableTarget(
            name: "terminalkit-demo", dependencies: ["TerminalKit", stateRestoration, "TerminalKitFuzzing"]),
        .executableTarget(
            name: "restoration-archive", dependencies: ["ArchiveInspector", "ArgumentKit"]),
        .executableTarget(
            name: "restoration-bench",
            dependencies: [stateRestoration, restorationTesting, testSupport, "ArgumentKit"]),
        // Test helper: a child process for the item store's kill -9 test, and a benchmark.
        .executableTarget(name: "homepwner-store-stress", dependencies: ["Homepwner", "HomepwnerCore"]),
        // Reliability helpers (docs/RELIABILITY.md): kill storms, and an app that crashes on purpose.
        .executableTarget(name: "restoration-soak", dependencies: [stateRestoration, "HomepwnerCore"]),
        .executableTarget(name: "restoration-crasher", dependencies: [stateRestoration]),
        // Launches Homepwner headless from an archive and reports its peak memory (R33).
        .executableTarget(name: "homepwner-probe", dependencies: ["Homepwner"]),
        // Fuzzes Homepwner's restore (scripts/fuzz-app); built plainly, a replay driver.
        .executableTarget(
            name: "homepwner-fuzz",
            dependencies: ["Homepwner", "HomepwnerCore", stateRestoration, testSupport]),
        // Fuzzes the item store's open of a hostile data directory (scripts/fuzz-app with
        // TARGET=store); built plainly, a replay driver and the writer of its hostile seeds.
        .executableTarget(
            name: "homepwner-store-fuzz",
            dependencies: ["HomepwnerCore", "HomepwnerLaunch", "ArgumentKit", "CSQLite", testSupport]),
        // Rule X1: restoration checked after every step (docs/RELIABILITY.md).
        .target(
            name: "TerminalKitFuzzing", dependencies: ["TerminalKit", stateRestoration, restorationTesting]),
        .executableTarget(
            name: "restoration-fuzz",
            dependencies: [
                "Homepwner", "HomepwnerCore", "TerminalKit", "TerminalKitFuzzing", restorationTesting,
                testSupport,
            ]),

        // MARK: Tests
        // What TerminalKit's and Homepwner's tests share (not a product; tests only).
        .target(
            name: "TerminalKitTestSupport", dependencies: ["TerminalKit"],
            path: "Tests/TerminalKitTestSupport"),
        .testTarget(name: "ArgumentKitTests", dependencies: ["ArgumentKit"]),
        .testTarget(
            name: "ArchiveInspectorTests",
            dependencies: [
                "ArchiveInspector", "ArgumentKit", stateRestoration, restorationTesting, testSupport,
            ]),
        .testTarget(
            name: "TerminalKitTests",
            dependencies: [
                "TerminalKit", stateRestoration, restorationTesting, testSupport, "TmuxTesting",
                "TerminalKitTestSupport",
            ]),
        // The core alone (rule C7): it builds and works with no UI module linked.
        .testTarget(name: "HomepwnerCoreTests", dependencies: ["HomepwnerCore"]),
        .testTarget(
            name: "HomepwnerTests",
            dependencies: [
                "Homepwner", "HomepwnerCore", "TerminalKit", stateRestoration, restorationTesting,
                "ArgumentKit", "CSQLite", "TmuxTesting", testSupport, "TerminalKitTestSupport",
                "homepwner-store-stress", "homepwner", "terminalkit-demo", "restoration-fuzz",
            ]),
        // Runs the built restoration-bench binary (no timing assertions).
        .testTarget(name: "BenchmarkTests", dependencies: ["restoration-bench"]),
        // Kill storms, faults on save, crash loops and security, with real processes.
        .testTarget(
            name: "ReliabilityTests",
            dependencies: [
                stateRestoration, restorationTesting, testSupport, "HomepwnerCore", "restoration-soak",
                "restoration-crasher", "homepwner-probe",
                "homepwner-store-stress", "restoration-archive",
                "homepwner-fuzz",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
