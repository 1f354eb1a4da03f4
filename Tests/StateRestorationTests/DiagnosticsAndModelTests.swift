import Foundation
import RestorationTesting
import Testing

@testable import StateRestoration

/// R16 (model association) is tested through TerminalKit's real table view, in
/// App/Tests/TerminalKitTests/ModelAssociationTests.swift.
@Suite("R21: diagnostics")
@MainActor
struct DiagnosticsAndModelTests {
    @Test("R21: diagnostics are available as API, one readable sentence each")
    func diagnosticsAPI() throws {
        let root = Node("Nav", children: [Node(nil, children: [Node("Detail")])])
        root.encodesStructure = false
        let launch = RestorationHarness.standard().launch(root: root)
        try launch.save()
        #expect(
            launch.engine.diagnostics.map(\.description) == [
                "not saved: Nav/<Node>: it has no restoration identifier, so its subtree is not saved either",
                "not saved: Nav/<Node>/Detail: ancestor '<Node>' has no restoration identifier",
            ])
        #expect(launch.engine.diagnostics.allSatisfy { $0.kind == .notSaved })
    }

    @Test("R21: RESTORATION_DEBUG=1 writes diagnostics to a log file or standard error")
    func debugOutput() throws {
        #expect(RestorationConfiguration.DebugOutput.fromEnvironment([:]) == .off)
        #expect(
            RestorationConfiguration.DebugOutput.fromEnvironment(["RESTORATION_DEBUG": "1"]) == .standardError
        )
        // The log's directory does not exist yet: the engine makes it.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sr-log-\(UUID().uuidString)")
        let log = directory.appendingPathComponent("restoration.log").path
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(
            RestorationConfiguration.DebugOutput.fromEnvironment([
                "RESTORATION_DEBUG": "1", "RESTORATION_DEBUG_LOG": log,
            ])
                == .file(log))

        let harness = RestorationHarness.standard()
        harness.configuration.debugOutput = .file(log)
        let root = Node("Nav", children: [Node(nil)])
        root.encodesStructure = false
        try harness.launch(root: root).save()
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(
            text
                == "restoration: not saved: Nav/<Node>: it has no restoration identifier, so its subtree is not saved either\n"
        )
    }
}
