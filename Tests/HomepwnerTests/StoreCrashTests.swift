import Foundation
import Homepwner
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The store's durability promise, tested with a real child process and a real SIGKILL.
@Suite("Item store: kill -9")
struct StoreCrashTests {
    /// What the test believes is in the store: keys in order, with name and value.
    struct Row: Equatable, CustomStringConvertible {
        var key: String
        var name: String
        var value: Int
        var description: String { "\(name)=\(value)" }
    }

    enum Edit {
        case create(Row)
        case update(key: String, name: String, value: Int)
        case move(from: Int, to: Int)
        case delete(key: String)

        init?(_ line: Substring) {
            let words = line.split(separator: " ").map(String.init)
            switch (words.first, words.count) {
            case ("create", 4): self = .create(Row(key: words[1], name: words[2], value: Int(words[3]) ?? -1))
            case ("update", 4): self = .update(key: words[1], name: words[2], value: Int(words[3]) ?? -1)
            case ("move", 3): self = .move(from: Int(words[1]) ?? -1, to: Int(words[2]) ?? -1)
            case ("delete", 2): self = .delete(key: words[1])
            default: return nil
            }
        }

        func apply(to rows: inout [Row]) {
            switch self {
            case .create(let row): rows.append(row)
            case .update(let key, let name, let value):
                if let index = rows.firstIndex(where: { $0.key == key }) {
                    rows[index].name = name
                    rows[index].value = value
                }
            case .move(let from, let to): rows.insert(rows.remove(at: from), at: to)
            case .delete(let key): rows.removeAll { $0.key == key }
            }
        }
    }

    static var helper: String {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let beside = directory.appendingPathComponent("homepwner-store-stress").path
        return ProcessInfo.processInfo.environment["HOMEPWNER_STORE_STRESS"] ?? beside
    }

    @Test(
        "H6: kill -9 during rapid edits loses no committed edit, and integrity_check is ok",
        .timeLimit(.minutes(1)))
    func killDuringEdits() throws {
        let scratch = Scratch()
        let helper = Self.helper
        try #require(FileManager.default.isExecutableFile(atPath: helper), "helper not built at \(helper)")
        var rows: [Row] = []
        for round in 0..<4 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: helper)
            process.arguments = ["edits", scratch.path, "\(round + 1)", "1000000"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.standardError
            try process.run()

            // Let it commit 60-180 edits, then kill it right after it announces the next one.
            let target = 60 + round * 40
            var buffer: [UInt8] = []
            var lines: [Substring] = []
            var text = ""
            let reader = output.fileHandleForReading
            var killed = false
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                buffer += chunk
                guard let lastNewline = buffer.lastIndex(of: UInt8(ascii: "\n")) else { continue }
                text += String(decoding: buffer[...lastNewline], as: UTF8.self)
                buffer.removeSubrange(...lastNewline)
                lines = text.split(separator: "\n")
                if !killed, lines.count >= target * 2, lines.last?.hasPrefix("begin") == true {
                    kill(process.processIdentifier, SIGKILL)
                    killed = true
                }
            }
            process.waitUntilExit()
            try #require(killed, "the helper stopped by itself (status \(process.terminationStatus))")
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)

            // Replay what was acknowledged; the last edit may or may not have committed.
            var pending: Edit?
            for line in lines {
                if line.hasPrefix("begin ") {
                    pending = Edit(line.dropFirst(6))
                    #expect(pending != nil, "bad line \(line)")
                } else if line == "ok", let edit = pending {
                    edit.apply(to: &rows)
                    pending = nil
                }
            }
            let store = try ItemStore(
                paths: HomepwnerPaths(dataDirectory: scratch.path, stateDirectory: scratch.path))
            #expect(try store.integrityCheck() == "ok")
            let actual = try store.allItems().map {
                Row(key: ItemKey.text($0.key), name: $0.name, value: $0.valueInDollars)
            }
            var withPending = rows
            pending?.apply(to: &withPending)
            if actual == withPending && pending != nil {
                rows = withPending
            } else {
                #expect(actual == rows, "round \(round): store differs from the acknowledged edits")
                rows = actual
            }
        }
        #expect(rows.count > 50)
    }
}
