import Foundation
import StateRestoration
import Testing

@testable import Homepwner

/// Rule H10's command-line details from the new user's pass: an empty --open, and what to
/// do when a session is taken.
@Suite("H10: command-line details")
@MainActor
struct CommandLineDetailTests {
    static func run(_ arguments: [String], in scratch: Scratch) -> (status: Int32, errors: String) {
        var errors = ""
        let status = HomepwnerCommand.run(
            arguments + ["--data-dir", scratch.file("data"), "--state-dir", scratch.file("state")],
            environment: CommandEnvironment(
                variables: ["HOME": scratch.file("home")], currentDirectory: scratch.path, hasTerminal: true,
                standardOutput: { _ in }, standardError: { errors += $0 }))
        return (status, errors)
    }

    @Test("H10: --open '' is a usage error that says the value is empty (it said 'missing value')")
    func emptyOpen() {
        let (status, errors) = Self.run(["--open", ""], in: Scratch())
        #expect(status == 64)
        #expect(
            errors.contains("--open needs an item's serial number or key, not an empty string"), "\(errors)")
    }

    @Test("H10, S3: a session another instance holds: the error says what to do instead")
    func heldSession() throws {
        let scratch = Scratch()
        let sessions = RestorationSessions(stateDirectory: scratch.file("state"))
        let held = try sessions.open(.named("work")).session
        defer { held.release() }
        let (status, errors) = Self.run(["--session", "work"], in: scratch)
        #expect(status == 75)
        #expect(errors.contains("session 'work' is in use by another running instance"), "\(errors)")
        #expect(errors.contains("hint: start without --session"), "\(errors)")
    }
}
