// swift-tools-version:6.0
import PackageDescription

/// Layers, bottom to top (see docs/DECISIONS.md and README.md):
/// C shims → StateRestoration (engine) → RestorationTesting / TerminalKit → Homepwner → executables.
let package = Package(
    name: "Homepwner",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "StateRestoration", targets: ["StateRestoration"]),
        .library(name: "RestorationTesting", targets: ["RestorationTesting"]),
        .library(name: "TerminalKit", targets: ["TerminalKit"]),
        .executable(name: "homepwner", targets: ["homepwner"]),
        .executable(name: "restoration-archive", targets: ["restoration-archive"]),
        .executable(name: "restoration-bench", targets: ["restoration-bench"]),
    ],
    targets: [
        // MARK: C shims
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "CWidth"),
        // libpng's simplified API and libjpeg (libpng-dev, libjpeg-dev), for Homepwner's photos.
        .target(name: "CImageDecode", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg")]),

        // MARK: The engine and its test harness
        .target(name: "StateRestoration"),
        .target(name: "RestorationTesting", dependencies: ["StateRestoration"]),
        // End-to-end tests' private tmux server (Foundation only; no project modules).
        .target(name: "TmuxTesting"),

        // MARK: Command-line plumbing shared by the executables
        .target(name: "ArgumentKit"),
        .target(name: "ArchiveInspector", dependencies: ["StateRestoration", "ArgumentKit"]),

        // MARK: UI layer and the app
        .target(name: "TerminalKit", dependencies: ["StateRestoration", "CWidth"]),
        .target(
            name: "Homepwner",
            dependencies: ["TerminalKit", "StateRestoration", "ArgumentKit", "CSQLite", "CImageDecode"]),

        // MARK: Executables (thin)
        .executableTarget(name: "homepwner", dependencies: ["Homepwner", "ArgumentKit"]),
        .executableTarget(name: "terminalkit-demo", dependencies: ["TerminalKit", "StateRestoration"]),
        .executableTarget(
            name: "restoration-archive", dependencies: ["ArchiveInspector", "ArgumentKit"]),
        .executableTarget(
            name: "restoration-bench",
            dependencies: ["StateRestoration", "RestorationTesting", "ArgumentKit"]),
        // Test helper: a child process for the item store's kill -9 test, and a benchmark.
        .executableTarget(name: "homepwner-store-stress", dependencies: ["Homepwner"]),
        // Reliability helpers (docs/RELIABILITY.md): kill storms, and an app that crashes on purpose.
        .executableTarget(name: "restoration-soak", dependencies: ["StateRestoration", "Homepwner"]),
        .executableTarget(name: "restoration-crasher", dependencies: ["StateRestoration"]),

        // MARK: Tests
        .testTarget(
            name: "StateRestorationTests", dependencies: ["StateRestoration", "RestorationTesting"]),
        .testTarget(name: "ArgumentKitTests", dependencies: ["ArgumentKit"]),
        .testTarget(
            name: "ArchiveInspectorTests",
            dependencies: ["ArchiveInspector", "StateRestoration", "RestorationTesting"]),
        .testTarget(
            name: "TerminalKitTests",
            dependencies: ["TerminalKit", "StateRestoration", "RestorationTesting", "TmuxTesting"]),
        .testTarget(
            name: "HomepwnerTests",
            dependencies: [
                "Homepwner", "TerminalKit", "StateRestoration", "RestorationTesting", "ArgumentKit",
                "CSQLite", "TmuxTesting",
                "homepwner-store-stress", "homepwner",
            ]),
        // Runs the built restoration-bench binary (no timing assertions).
        .testTarget(name: "BenchmarkTests", dependencies: ["restoration-bench"]),
        // Kill storms, faults on save, crash loops and security, with real processes.
        .testTarget(
            name: "ReliabilityTests",
            dependencies: [
                "StateRestoration", "RestorationTesting", "Homepwner", "restoration-soak",
                "restoration-crasher",
                "homepwner-store-stress", "restoration-archive",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
