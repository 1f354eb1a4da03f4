import Foundation
import TmuxTesting

/// A program's run to its end: its status and what it printed.
struct ProgramRun {
    let status: Int32
    let output: String
    let errors: String

    /// Runs `program` (a path, or a name on the `PATH`) with `arguments` and `environment`
    /// added to the test's, and waits for it.
    static func run(
        _ program: String, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> ProgramRun {
        guard let path = program.hasPrefix("/") ? program : TmuxSession.programOnPath(program) else {
            throw DesktopTestError.missing("\(program) is not on the PATH (scripts/bootstrap installs it)")
        }
        let run = try TmuxSession.runProgram(
            path, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        return ProgramRun(
            status: run.status, output: String(decoding: run.output, as: UTF8.self),
            errors: String(decoding: run.errors, as: UTF8.self))
    }
}

/// Why a desktop test could not go on.
enum DesktopTestError: Error, CustomStringConvertible {
    case missing(String)
    case failed(String)
    case timedOut(String)

    var description: String {
        switch self {
        case .missing(let what): "missing: \(what)"
        case .failed(let what): "failed: \(what)"
        case .timedOut(let what): "timed out waiting for \(what)"
        }
    }
}

/// Asks `condition` every 50 ms until it holds or `timeout` passes: the tests wait for
/// what a user would see, never a fixed time.
/// - Throws: ``DesktopTestError/timedOut(_:)`` naming `what`.
func poll(_ what: String, timeout: Duration = .seconds(20), _ condition: () throws -> Bool) throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while try !condition() {
        guard clock.now < deadline else { throw DesktopTestError.timedOut(what) }
        usleep(50_000)
    }
}
