// swift-tools-version:6.2
import Foundation
import PackageDescription

/// A second adopter of the engine: MiniKit, a tiny UI toolkit that is not TerminalKit, and
/// MiniHomepwner, the chapter's figure on it. It depends on the repository's root package by
/// path, exactly as an outside package would, and uses only its two products
/// (docs/DECISIONS.md, "A second adopter").

/// SwiftPM names a path dependency after its folder, which is wherever the repository was
/// cloned: the engine's package identity is that folder's name.
let engine = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "MiniKit",
    products: [
        .library(name: "MiniKit", targets: ["MiniKit"]),
        .library(name: "MiniHomepwner", targets: ["MiniHomepwner"]),
    ],
    dependencies: [.package(path: "../..")],
    targets: [
        .target(name: "MiniKit", dependencies: [.product(name: "StateRestoration", package: engine)]),
        .target(
            name: "MiniHomepwner",
            dependencies: ["MiniKit", .product(name: "StateRestoration", package: engine)]),
        .testTarget(
            name: "MiniHomepwnerTests",
            dependencies: [
                "MiniHomepwner", "MiniKit", .product(name: "StateRestoration", package: engine),
                .product(name: "RestorationTesting", package: engine),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
