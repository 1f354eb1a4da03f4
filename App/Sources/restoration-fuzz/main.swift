// restoration-fuzz: Homepwner, checked after every step (rule X1).
//
//     restoration-fuzz [--steps N] [--seed S]
//
// Plays a seeded random sequence of keys, pastes, resizes and outside store changes into
// a headless Homepwner on a scratch store of five items; after each, saves (Ctrl-Z), tears
// the app down, relaunches it from that archive and compares it with the live one. Prints
// the shrunk sequence of the first difference with both screens, and last
// `restoration-fuzz: N steps, R relaunches, D differences`; exits 1 if D > 0.
import Foundation
import Homepwner
import TerminalKitFuzzing

let exitStatus = MainActor.assumeIsolated {
    RestorationFuzzCommand.run(
        name: "restoration-fuzz", arguments: CommandLine.arguments.dropFirst(),
        target: HomepwnerFuzzing.target())
}
exit(exitStatus)
