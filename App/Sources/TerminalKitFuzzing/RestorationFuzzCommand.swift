import Foundation
import RestorationTesting

/// The command line of the restoration fuzzers (`restoration-fuzz`, and the demo's
/// `--restoration-fuzz`): `--steps N --seed S`, the report, and the exit status (rule X1).
@MainActor
public enum RestorationFuzzCommand {
    /// Runs `target` as the arguments say, prints the first difference in full and last
    /// `restoration-fuzz: N steps, R relaunches, D differences`.
    /// - Parameters:
    ///   - name: The program's name, for messages.
    ///   - arguments: The arguments after the program's name.
    ///   - target: The app.
    /// - Returns: 0 without differences, 1 with one, 64 on a usage error, 70 if the app
    ///   could not be launched.
    public static func run<Target: RestorationFuzzTarget>(
        name: String, arguments: some Collection<String>, target: Target
    ) -> Int32 {
        var steps = 200
        var seed: UInt64 = 1
        var remaining = Array(arguments)[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--steps":
                guard let value = remaining.popFirst().flatMap({ Int($0) }), value >= 0 else {
                    return usage(name, "--steps needs a number")
                }
                steps = value
            case "--seed":
                guard let value = remaining.popFirst().flatMap({ UInt64($0) }) else {
                    return usage(name, "--seed needs a number")
                }
                seed = value
            default:
                return usage(name, "unknown option '\(argument)'")
            }
        }
        do {
            let report = try RestorationFuzzer(target: target).run(steps: steps, seed: seed)
            if let difference = report.difference { print(difference) }
            print(report.summary)
            return report.difference == nil ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("\(name): error: \(error)\n".utf8))
            return 70
        }
    }

    private static func usage(_ name: String, _ message: String) -> Int32 {
        FileHandle.standardError.write(
            Data("\(name): error: \(message)\nusage: \(name) [--steps N] [--seed S]\n".utf8))
        return 64
    }
}
