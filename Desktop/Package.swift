// swift-tools-version:6.2
import Foundation
import PackageDescription

/// Homepwner on the desktop, on GTK 4 (rules G1–G7): a package of its own, so that building
/// or running the terminal app never needs GTK (docs/DECISIONS.md, "The desktop app in a
/// package of its own"). It depends by path on the engine (`..`) and on App (`../App`) for
/// the UI-free core and the shared command line, as an outside adopter would.
///
/// Layers, bottom to top: CGtk (GTK's C API) → GtkKit (a thin, generic Swift binding; all
/// its casts and callbacks in `Unchecked/`) → GtkRestoration (the engine mapped onto GTK's
/// objects) → HomepwnerDesktop (the app) → `homepwner-gtk`. Only GtkKit imports CGtk.

/// SwiftPM names a path dependency after its folder, which is wherever the repository was
/// cloned: the engine's package identity is that folder's name.
let engine = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()
let stateRestoration = Target.Dependency.product(name: "StateRestoration", package: engine)
let restorationTesting = Target.Dependency.product(name: "RestorationTesting", package: engine)
let testSupport = Target.Dependency.product(name: "TestSupport", package: engine)

let package = Package(
    name: "Desktop",
    products: [
        .library(name: "GtkKit", targets: ["GtkKit"]),
        .library(name: "GtkRestoration", targets: ["GtkRestoration"]),
        .executable(name: "homepwner-gtk", targets: ["homepwner-gtk"]),
    ],
    dependencies: [.package(path: ".."), .package(path: "../App")],
    targets: [
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .target(name: "GtkKit", dependencies: ["CGtk"], exclude: ["Unchecked/README.md"]),
        .target(name: "GtkRestoration", dependencies: ["GtkKit", stateRestoration]),
        .target(
            name: "HomepwnerDesktop",
            dependencies: [
                "GtkKit", "GtkRestoration", stateRestoration,
                .product(name: "HomepwnerCore", package: "app"),
                .product(name: "HomepwnerLaunch", package: "app"),
                .product(name: "ArgumentKit", package: "app"),
            ]),
        .executableTarget(name: "homepwner-gtk", dependencies: ["HomepwnerDesktop"]),
        .testTarget(
            name: "GtkRestorationTests",
            dependencies: ["GtkRestoration", "GtkKit", stateRestoration, restorationTesting, testSupport]),
        .testTarget(
            name: "HomepwnerDesktopTests",
            dependencies: [
                "HomepwnerDesktop", "homepwner-gtk", stateRestoration, testSupport,
                .product(name: "HomepwnerCore", package: "app"),
                .product(name: "HomepwnerLaunch", package: "app"),
                .product(name: "TmuxTesting", package: "app"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
