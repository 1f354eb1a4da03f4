import Foundation
import HomepwnerCore
import StateRestoration

/// The kill storm of the archive (rule R10): a save loop killed with SIGKILL at a random
/// moment, over and over. After each kill, `restoration-archive verify` must accept the
/// archive and it must restore whole, holding either the last pass the loop reported as
/// saved or the one it was writing: the old archive or the new, never a torn one.
@MainActor
struct ArchiveStorm {
    let options: StormOptions
    /// Overwrite in place instead of the engine's atomic replace: the negative control.
    let inPlace: Bool

    private var state: String { options.directory + "/state" }
    private var temporaryPrefix: String { ".\(StorageItem.archive.rawValue).tmp-" }

    func run() -> Never {
        options.prepareDirectory(emptying: state)
        var generator = SeededRandomNumberGenerator(seed: options.seed)
        var archivePass = 0
        guard writeDirectly(pass: archivePass) else { exit(2) }
        var failures = 0
        var counts = Counts()
        let verifier = StormOptions.toolDirectory + "/restoration-archive"
        let started = ContinuousClock.now
        for cycle in 1...max(options.cycles, 1) {
            let continuous = !inPlace && cycle % 2 == 0
            var arguments = ["save-loop", state, "--from", "\(archivePass + 1)"]
            if continuous { arguments.append("--continuous") }
            if inPlace { arguments.append("--in-place") }
            var notes: [String] = []
            // One kill in ten lands at start-up; the others while passes are being saved.
            let child = killAtRandomMoment(
                StormOptions.executablePath, arguments, name: "the save loop", isReady: { $0 == "ready" },
                maxDelay: options.maxDelay, using: &generator, notes: &notes)
            counts.kills += 1
            let lastSaved = child.lines.last { $0.hasPrefix("saved ") }.flatMap { Int($0.dropFirst(6)) }
            let lastBegun = child.lines.last { $0.hasPrefix("begin ") }.flatMap { Int($0.dropFirst(6)) }
            counts.passesSaved += child.lines.count { $0.hasPrefix("saved ") }
            let settled = lastSaved ?? archivePass
            let inFlight = lastBegun.flatMap { $0 > settled ? $0 : nil }

            let verification: String
            do {
                let (verifyEnding, output) = try ChildProcess.run(
                    verifier, ["verify", state + "/restoration.archive"])
                if verifyEnding == .exited(0) {
                    verification = "verify ok"
                    counts.verified += 1
                } else {
                    verification = "verify failed (\(verifyEnding))"
                    notes.append("restoration-archive: \(output.joined(separator: " "))")
                }
            } catch {
                fail(error.description)
            }
            let outcome = ArchiveCheck.run(directory: state)
            var holds = ""
            switch outcome {
            case .pass(let pass) where pass == settled || pass == inFlight:
                holds =
                    pass == inFlight ? "pass \(pass) (the one in flight)" : "pass \(pass) (the last saved)"
                if inFlight != nil {
                    if pass == inFlight { counts.inFlightNew += 1 } else { counts.inFlightOld += 1 }
                }
                archivePass = pass
            case .pass(let pass):
                counts.wrong += 1
                holds = "pass \(pass)"
                notes.append(
                    "the archive holds pass \(pass); expected \(settled)\(inFlight.map { " or \($0)" } ?? "")"
                )
                archivePass = pass
            case .missing:
                counts.torn += 1
                holds = "nothing"
                notes.append("the archive is missing")
            case .invalid(let reason):
                counts.torn += 1
                holds = "a torn archive"
                notes.append("torn archive: \(reason)")
            }
            if case .pass = outcome {
            } else {
                // Start the next cycle from a sound archive, so it tests something.
                archivePass = max(archivePass, inFlight ?? settled) + 1
                guard writeDirectly(pass: archivePass) else { exit(2) }
            }
            let temporaries = names(in: state, startingWith: temporaryPrefix)
            counts.maxTemporaries = max(counts.maxTemporaries, temporaries.count)
            // A save that completed removed the temporary files of dead writers; only the one
            // of a save killed after it may remain. Kills before any save completes leave one
            // each, for the next completed save to remove.
            if lastSaved != nil && temporaries.count > 1 {
                notes.append("temporary files of dead writers outlived a completed save: \(temporaries)")
            }
            if !inPlace,
                permissions(of: state + "/restoration.archive") != 0o600 || permissions(of: state) != 0o700
            {
                notes.append("modes are not 0600 in 0700")
            }
            if inFlight != nil { counts.inFlight += 1 }
            if !notes.isEmpty { failures += 1 }
            if options.verbose || !notes.isEmpty {
                let mode = inPlace ? "in place" : continuous ? "continuous" : "preserve"
                let flight = inFlight.map { ", pass \($0) in flight" } ?? ""
                let last = lastSaved.map { "saved through pass \($0)" } ?? "saved nothing"
                let verdict = notes.isEmpty ? "ok" : "FAILED: " + notes.joined(separator: "; ")
                say(
                    "cycle \(cycle) (\(mode)): killed; \(last)\(flight); archive holds \(holds); \(verification); \(verdict)"
                )
            } else if cycle % 100 == 0 {
                say("… \(cycle) cycles, \(failures) failed")
            }
        }
        // The next save removes what killed writers left behind.
        archivePass += 1
        guard writeDirectly(pass: archivePass) else { exit(2) }
        counts.leftovers = names(in: state, startingWith: temporaryPrefix).count
        if counts.leftovers != 0 { failures += 1 }
        let storage = inPlace ? "in-place writes (negative control)" : "atomic file storage"
        say(
            "archive storm (\(storage)): \(counts.kills) SIGKILLs in \(seconds(ContinuousClock.now - started)); "
                + "\(counts.verified) archives verified; \(counts.torn) torn, \(counts.wrong) wrong pass; "
                + "\(counts.inFlight) kills with a save in flight (\(counts.inFlightNew) kept the new pass, "
                + "\(counts.inFlightOld) the old); \(counts.passesSaved) passes saved; "
                + "temporary files at most \(counts.maxTemporaries) at once, \(counts.leftovers) left after the next save; "
                + (failures == 0 ? "no failures" : "\(failures) cycles FAILED"))
        say(
            "result cycles=\(counts.kills) verified=\(counts.verified) torn=\(counts.torn) wrong=\(counts.wrong) "
                + "inflight=\(counts.inFlight) inflight_new=\(counts.inFlightNew) inflight_old=\(counts.inFlightOld) "
                + "saved=\(counts.passesSaved) leftovers=\(counts.leftovers) failed=\(failures)")
        exit(failures == 0 ? 0 : 1)
    }

    /// Saves `pass` from this process, through the storage under test.
    private func writeDirectly(pass: Int) -> Bool {
        let app = SoakApp()
        app.set(pass: pass)
        let storage: any RestorationStorage =
            inPlace ? InPlaceStorage(directory: state) : FileRestorationStorage(directory: state)
        do {
            try app.makeEngine(storage: storage).preserve(reason: .requested)
            return true
        } catch {
            complain("cannot write pass \(pass): \(error)")
            return false
        }
    }

    private struct Counts {
        var kills = 0
        var verified = 0
        var torn = 0
        var wrong = 0
        var inFlight = 0
        var inFlightNew = 0
        var inFlightOld = 0
        var passesSaved = 0
        var maxTemporaries = 0
        var leftovers = 0
    }
}
