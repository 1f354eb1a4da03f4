// crash-states: every state a power loss could leave during the engine's writes (rule X2).
//
//     crash-states [--without-file-fsync] [--without-directory-fsync]
//
// Prints one line per scenario and model, the first bad states in full, and last
// `crash states: N explored, B bad`. Exits 1 when B > 0, 64 on a usage error, 70 when a
// scenario could not run. `--without-file-fsync` is the negative control: the same
// operations without the temporary file's fsync, which must give bad states;
// `--without-directory-fsync` is the sessions' one (their files move between directories).
import CrashStates
import Foundation

let arguments = CommandLine.arguments.dropFirst()
var options = CrashStateExplorer.Options()
for argument in arguments {
    switch argument {
    case "--without-file-fsync":
        options.dropFileSyncs = true
    case "--without-directory-fsync":
        options.dropDirectorySyncs = true
    case "--help", "-h":
        print("usage: crash-states [--without-file-fsync] [--without-directory-fsync]")
        exit(0)
    default:
        FileHandle.standardError.write(
            Data(
                "error: unknown option '\(argument)'\nusage: crash-states [--without-file-fsync] [--without-directory-fsync]\n"
                    .utf8))
        exit(64)
    }
}

var explored = 0
var bad: [BadCrashState] = []
for scenario in CrashScenario.all {
    for model in CrashModel.allCases {
        do {
            let report = try CrashStateExplorer.explore(scenario, model: model, options: options)
            print(report.summary)
            explored += report.explored
            bad += report.bad
        } catch {
            FileHandle.standardError.write(Data("error: \(scenario.name) could not run: \(error)\n".utf8))
            exit(70)
        }
    }
}
for state in bad.prefix(5) { print(state) }
if bad.count > 5 { print("(\(bad.count - 5) more bad states)") }
print("crash states: \(explored) explored, \(bad.count) bad")
exit(bad.isEmpty ? 0 : 1)
