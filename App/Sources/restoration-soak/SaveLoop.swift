import Glibc
import StateRestoration

/// The child of the archive storm: saves pass after pass until it is killed.
///
/// It prints `ready` once the engine exists, `begin N` before pass N's save and `saved N`
/// once that save returned: every pass it reported as saved was fully written.
enum SaveLoop {
    @MainActor
    static func run(directory: String, from first: Int, continuous: Bool, inPlace: Bool) async -> Never {
        let storage: any RestorationStorage =
            inPlace ? InPlaceStorage(directory: directory) : FileRestorationStorage(directory: directory)
        let app = SoakApp()
        let engine = app.makeEngine(storage: storage, continuous: continuous)
        say("ready")
        var pass = first
        while true {
            app.set(pass: pass)
            say("begin \(pass)")
            if continuous {
                // Continuous preservation (R20): the write runs on the engine's queue.
                engine.stateDidChange()
                while engine.hasPendingSave { await Task.yield() }
                engine.waitForPendingWrites()
                if let error = app.backgroundFailure { fail("pass \(pass): \(error)") }
            } else {
                do {
                    try engine.preserve(reason: .requested)
                } catch {
                    fail("pass \(pass): \(error)")
                }
            }
            say("saved \(pass)")
            pass += 1
        }
    }

    /// Saves the given passes in order, each with a payload of about the given size, and
    /// reports each as `saved N` or `failed N: reason`, going on after a failure as an app
    /// does. Exits 0 if every save succeeded, 1 otherwise.
    @MainActor
    static func saves(directory: String, passes: [(pass: Int, bytes: Int)]) -> Never {
        let app = SoakApp()
        let engine = app.makeEngine(storage: FileRestorationStorage(directory: directory))
        var failures = 0
        for (pass, bytes) in passes {
            app.set(pass: pass, totalBytes: bytes)
            do {
                try engine.preserve(reason: .requested)
                say("saved \(pass)")
            } catch {
                failures += 1
                say("failed \(pass): \(error)")
            }
        }
        exit(failures == 0 ? 0 : 1)
    }
}
