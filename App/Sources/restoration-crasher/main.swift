// Reliability helper: an app that crashes on purpose, for the end-to-end tests of
// crash-loop protection (rule R18). Not part of the app.
//
//   restoration-crasher save DIR VALUE [--payload-bytes N]
//       Builds a root screen holding VALUE (and N bytes of payload) with a detail screen,
//       saves it as on termination, prints "saved VALUE".
//   restoration-crasher launch DIR [--crash during-restore|after-restore] [--how abort|kill]
//                       [--stay-ms N] [--window-ms N] [--max-string-bytes N] [--unregistered]
//       Launches: restores (printing "restored VALUE with detail D", "restored VALUE without
//       detail" or "fresh"), then either crashes inside the restore, crashes N ms after it,
//       or (no --crash) lives N ms, saves as on termination and exits 0.
//
// Diagnostics go where RESTORATION_DEBUG=1 and RESTORATION_DEBUG_LOG send them.
import Glibc
import StateRestoration

let arguments = Array(CommandLine.arguments.dropFirst())

func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
        let count = bytes.withUnsafeBytes { write(1, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { exit(3) }
        offset += count
    }
}

func fail(_ message: String) -> Never {
    say("restoration-crasher: " + message)
    exit(2)
}

func option(_ flag: String) -> String? {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func number(_ flag: String, default value: Int) -> Int {
    guard let text = option(flag) else { return value }
    guard let number = Int(text), number >= 0 else { fail("\(flag) wants a number, not '\(text)'") }
    return number
}

@MainActor
func makeEngine(directory: String, app: CrasherApp) -> RestorationEngine {
    var limits = ArchiveLimits.default
    limits.maxStringBytes = number("--max-string-bytes", default: limits.maxStringBytes)
    let configuration = RestorationConfiguration(
        appName: "restoration-crasher", appVersion: "1", limits: limits,
        crashLoopWindow: .milliseconds(number("--window-ms", default: 5000)))
    let registry = RestorationRegistry(arguments.contains("--unregistered") ? [] : [DetailRestorer.self])
    return RestorationEngine(
        configuration: configuration, registry: registry,
        storage: FileRestorationStorage(directory: directory),
        delegate: app, roots: { [app] in app.root.map { [$0] } ?? [] })
}

@MainActor
func terminate(_ engine: RestorationEngine) -> Never {
    do {
        try engine.preserve(reason: .termination)
    } catch {
        fail("cannot save: \(error)")
    }
    exit(0)
}

let app = CrasherApp()
switch (arguments.first, arguments.count >= 2 ? arguments[1] : nil) {
case ("save", let directory?):
    guard arguments.count >= 3 else { fail("save wants DIR VALUE") }
    app.build(value: arguments[2], payloadBytes: number("--payload-bytes", default: 0))
    let engine = makeEngine(directory: directory, app: app)
    say("saved \(arguments[2])")
    terminate(engine)
case ("launch", let directory?):
    let crash = option("--crash")
    guard [nil, "during-restore", "after-restore"].contains(crash) else {
        fail("unknown --crash \(crash ?? "")")
    }
    CrashPlan.how = option("--how") ?? "abort"
    guard ["abort", "kill"].contains(CrashPlan.how) else { fail("--how is abort or kill") }
    CrashPlan.duringRestore = crash == "during-restore"
    let engine = makeEngine(directory: directory, app: app)
    let report = engine.restoreApplicationState()
    if let root = report.roots.first as? Screen {
        say("restored \(root.value) " + (root.detail.map { "with detail \($0.value)" } ?? "without detail"))
    } else {
        say("fresh")
        app.build(value: "new", payloadBytes: 0)
    }
    // Live on the main actor for a while, so the engine's crash-loop timer can run.
    try? await Task.sleep(for: .milliseconds(number("--stay-ms", default: crash == nil ? 0 : 100)))
    if crash == "after-restore" { CrashPlan.crash() }
    terminate(engine)
default:
    fail("usage: restoration-crasher save DIR VALUE | launch DIR [options] (see main.swift)")
}
