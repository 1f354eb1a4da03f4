// Reliability helper: kill storms for the archive and the item store; not part of the app.
//
//   restoration-soak storm-archive DIR [--cycles N] [--seed S] [--max-delay-ms M] [--in-place] [--verbose]
//       Runs N cycles (default 1000) of a save loop killed with SIGKILL at a random moment;
//       after each, `restoration-archive verify` and a full restore must find the last
//       saved pass or the one in flight. --in-place swaps the engine's atomic storage for
//       naive in-place writes: the negative control, which must report torn archives.
//   restoration-soak storm-store DIR [--cycles N] [--seed S] [--max-delay-ms M] [--lose-last-edit] [--verbose]
//       Runs N cycles (default 500) of `homepwner-store-stress edits` killed with SIGKILL;
//       after each, integrity_check must be ok and every committed edit present.
//       --lose-last-edit deletes the last committed new item before each check: the
//       negative control, which must report lost edits.
//   restoration-soak save-loop DIR --from N [--continuous] [--in-place]
//       The storm's child: saves pass N, N+1, … until killed ("ready", "begin N", "saved N").
//   restoration-soak saves DIR PASS:BYTES…
//       Saves each pass with a payload of about BYTES, reporting "saved N" or
//       "failed N: reason" and going on; exit 1 if any failed.
//   restoration-soak check DIR
//       Restores the archive in DIR and prints "pass N", or "invalid: reason" (exit 65) or
//       "missing" (exit 66).
//
// Kill storms and faults are described in docs/RELIABILITY.md.
import Glibc

let arguments = Array(CommandLine.arguments.dropFirst())

/// The value after `flag`, if present.
func option(_ flag: String) -> String? {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func stormOptions(directory: String, defaultCycles: Int) -> StormOptions {
    var options = StormOptions(directory: directory)
    options.cycles = defaultCycles
    if let text = option("--cycles") {
        guard let cycles = Int(text), cycles > 0 else { fail("--cycles wants a positive number") }
        options.cycles = cycles
    }
    if let text = option("--seed") {
        guard let seed = UInt64(text) else { fail("--seed wants a number") }
        options.seed = seed
    }
    if let text = option("--max-delay-ms") {
        guard let milliseconds = Int(text), milliseconds > 0 else {
            fail("--max-delay-ms wants a positive number")
        }
        options.maxDelay = .milliseconds(milliseconds)
    }
    options.verbose = arguments.contains("--verbose")
    return options
}

switch (arguments.first, arguments.count >= 2 ? arguments[1] : nil) {
case ("storm-archive", let directory?):
    ArchiveStorm(
        options: stormOptions(directory: directory, defaultCycles: 1000),
        inPlace: arguments.contains("--in-place")
    )
    .run()
case ("storm-store", let directory?):
    StoreStorm(
        options: stormOptions(directory: directory, defaultCycles: 500),
        loseLastEdit: arguments.contains("--lose-last-edit")
    ).run()
case ("save-loop", let directory?):
    guard let text = option("--from"), let first = Int(text) else { fail("save-loop wants --from N") }
    await SaveLoop.run(
        directory: directory, from: first, continuous: arguments.contains("--continuous"),
        inPlace: arguments.contains("--in-place"))
case ("saves", let directory?):
    let passes = arguments.dropFirst(2).map { text -> (pass: Int, bytes: Int) in
        let parts = text.split(separator: ":")
        guard parts.count == 2, let pass = Int(parts[0]), let bytes = Int(parts[1]), bytes >= 0 else {
            fail("saves wants PASS:BYTES, not '\(text)'")
        }
        return (pass, bytes)
    }
    SaveLoop.saves(directory: directory, passes: passes)
case ("check", let directory?):
    switch ArchiveCheck.run(directory: directory) {
    case .pass(let pass): say("pass \(pass)")
    case .missing:
        say("missing")
        exit(66)
    case .invalid(let reason):
        say("invalid: \(reason)")
        exit(65)
    }
default:
    fail(
        "usage: restoration-soak storm-archive DIR | storm-store DIR | save-loop DIR --from N | "
            + "saves DIR PASS:BYTES… | check DIR (see the comment at the top of main.swift)")
}
