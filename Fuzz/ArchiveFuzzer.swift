// libFuzzer entry point for the archive reader. Built by scripts/fuzz together with the
// engine's sources into one module, so it needs no package build:
//
//     make fuzz SECONDS=60
//
// Every input must either parse or throw an ArchiveError; a parsed archive is also restored
// into a throwaway engine. A trap, a leak report or a timeout is a finding.

import Foundation

@MainActor
private final class FuzzDelegate: RestorationDelegate {
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }
}

@MainActor
private final class FuzzObject: RestorableObject {
    let restorationIdentifier: String?
    init(_ identifier: String?) { restorationIdentifier = identifier }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchive(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    MainActor.assumeIsolated {
        guard let archive = try? Archive(bytes: bytes) else { return }
        let delegate = FuzzDelegate()
        let engine = RestorationEngine(
            configuration: RestorationConfiguration(appName: "fuzz", appVersion: "1", debugOutput: .off),
            registry: RestorationRegistry(), storage: FileRestorationStorage(directory: "/nonexistent"),
            scheduler: nil, delegate: delegate, roots: { [FuzzObject("Root")] })
        _ = engine.restore(archive)
    }
    return 0
}
