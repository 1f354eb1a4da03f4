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
    ],
    targets: [
        .target(name: "StateRestoration"),
        .target(name: "RestorationTesting", dependencies: ["StateRestoration"]),
        .testTarget(
            name: "StateRestorationTests", dependencies: ["StateRestoration", "RestorationTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
