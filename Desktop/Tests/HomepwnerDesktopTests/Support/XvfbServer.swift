import Foundation

/// A private X server (Xvfb) for one test: its own display, 1280×800 at 24 bits as
/// `xvfb-run -a -s "-screen 0 1280x800x24"` gives, so that no other window (another test's,
/// the in-process adapter tests') is in its screenshots. Xvfb picks a free display number
/// itself and writes it to its standard output (`-displayfd`), where `xvfb-run -a` guesses.
final class XvfbServer {
    /// The display, as `DISPLAY` names it (`:99`).
    let display: String
    private let process: Process

    init() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        // -noreset: a server resets when its last client goes (the app killed, a tool that
        // asked one question), and a client connecting meanwhile is refused.
        process.arguments = [
            "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") else {
            throw DesktopTestError.missing("/usr/bin/Xvfb (scripts/bootstrap installs xvfb)")
        }
        try process.run()
        // Xvfb writes the display's number once it accepts connections.
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        let number = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !number.isEmpty, Int(number) != nil else {
            process.terminate()
            throw DesktopTestError.failed("Xvfb did not start (it printed '\(text)')")
        }
        self.process = process
        self.number = number
        display = ":" + number
        // The number comes as the server starts; wait until it answers a client.
        let environment = ["DISPLAY": display]
        try poll("Xvfb on \(display) to answer") {
            try ProgramRun.run("xdotool", ["getdisplaygeometry"], environment: environment).status == 0
        }
    }

    private let number: String

    /// SIGKILL: a process the tests start inherits their threads' blocked signals, SIGTERM
    /// among them, and Xvfb would never see a `terminate()`. Killed so, it leaves its lock
    /// and socket behind, which are removed here.
    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        unlink("/tmp/.X\(number)-lock")
        unlink("/tmp/.X11-unix/X\(number)")
    }
}
