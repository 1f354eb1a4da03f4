import Foundation
import StateRestoration

/// The in-progress marker and the launch history (rules R18, R28, R35): the input is the
/// marker's bytes, then, after the first NUL if there is one, the launch history's. Both
/// are written beside the reference archive, and the engine launches from them.
///
/// What must hold, checked against the rules as docs/ARCHITECTURE.md states them (the
/// marker's grammar is read here again, apart from the engine's reader):
/// - a marker or history over 4096 bytes fails closed: nothing restored, both removed,
///   the archive set aside whole;
/// - a marker that names a subtree below a root (and no `excluding`) restores everything
///   but that subtree, unless the history counts two unconfirmed launches;
/// - any other marker throws the archive away, set aside whole, and clears both markers;
/// - no launch leaves the in-progress marker behind, and a restoring launch counts itself.
@MainActor
enum MarkerTarget {
    static let limit = 4096

    static func run(_ input: [UInt8]) {
        let split = input.firstIndex(of: 0)
        let marker = Array(input[..<(split ?? input.count)])
        let history = split.map { Array(input[($0 + 1)...]) }
        let directory = LaunchFixture.scratch("marker")
        let storage = FileRestorationStorage(directory: directory)
        do {
            try storage.store(LaunchFixture.archive, as: .archive)
            try storage.store(marker, as: .restoringMarker)
            if let history { try storage.store(history, as: .launchHistory) }
        } catch {
            LaunchFixture.finding("cannot write the files: \(error)")
        }
        let report = LaunchFixture.launch(storage)
        let left = (try? storage.load(.restoringMarker)) != nil
        if left { LaunchFixture.finding("the launch left the in-progress marker behind", report) }
        let unconfirmed =
            history.map {
                Int(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            } ?? 0
        let excluded = marker.count <= limit ? namedSubtree(marker) : nil
        let failsClosed = marker.count > limit || (history?.count ?? 0) > limit
        if failsClosed || excluded == nil || unconfirmed >= 2 {
            guard !report.restored, report.restoredPaths.isEmpty else {
                LaunchFixture.finding("the launch restored despite its markers", report)
            }
            guard (try? storage.load(.discardedArchive)) == LaunchFixture.archive,
                (try? storage.load(.archive)) == nil, (try? storage.load(.launchHistory)) == nil
            else { LaunchFixture.finding("the archive was not set aside whole, or a marker stayed", report) }
            LaunchFixture.note("archive set aside: \(report.diagnostics.first.map { "\($0)" } ?? "")")
            return
        }
        guard let excluded else { return }
        let expected = LaunchFixture.allPaths.filter { $0 != excluded && !$0.hasPrefix(excluded + "/") }
        let paths = report.restoredPaths.map(\.description)
        guard report.restored, paths == expected else {
            LaunchFixture.finding(
                "leaving out '\(excluded)' restored \(paths.count) objects, not \(expected.count)", report)
        }
        LaunchFixture.note(
            "left out '\(excluded)': \(paths.count) of \(LaunchFixture.allPaths.count) restored")
        let count = (try? storage.load(.launchHistory)).flatMap { $0 }.map {
            String(decoding: $0, as: UTF8.self)
        }
        guard count == "\(unconfirmed + 1)\n" else {
            LaunchFixture.finding(
                "the launch history reads \(count ?? "nothing") after \(unconfirmed)", report)
        }
    }

    /// The subtree a marker names for leaving out: a marker of the grammar (`restoring`,
    /// then `phase`, `subtree` and `excluding` lines, then `end`) with a phase, no
    /// `excluding`, and a subtree path below a root. Nil for any other marker: it costs
    /// the archive.
    static func namedSubtree(_ bytes: [UInt8]) -> String? {
        let lines = String(decoding: bytes, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == "restoring" else { return nil }
        var phase = false
        var subtree: String?
        var excluding = false
        for line in lines.dropFirst() {
            if line == "end" {
                guard phase, !excluding, let subtree, subtree.contains("/") else { return nil }
                return subtree
            } else if line.hasPrefix("phase ") {
                phase = true
            } else if line.hasPrefix("subtree ") {
                subtree = unescaped(line.dropFirst(8))
            } else if line.hasPrefix("excluding ") {
                excluding = true
            } else {
                return nil
            }
        }
        return nil
    }

    /// A path as the marker escapes it: `\n`, `\r` and `\\`; any other escaped character
    /// stands for itself.
    static func unescaped(_ text: Substring) -> String {
        var result = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "\\" else {
                result.append(character)
                continue
            }
            guard let next = iterator.next() else { break }
            result.append(next == "n" ? "\n" : next == "r" ? "\r" : next)
        }
        return result
    }

    /// Seeds: markers as the engine writes them, naming each kind of place, and histories.
    static func seeds() -> [(String, [UInt8])] {
        func marker(_ lines: [String]) -> [UInt8] { Array((lines.joined(separator: "\n") + "\n").utf8) }
        return [
            ("bare", marker(["restoring"])),
            ("decode-subtree", marker(["restoring", "phase decode", "subtree Root/B/B2", "end"])),
            ("create-child", marker(["restoring", "phase create", "subtree Root/A", "end"])),
            ("root", marker(["restoring", "phase create", "subtree Root", "end"])),
            (
                "excluding",
                marker(["restoring", "phase decode", "subtree Root/C", "excluding Root/A", "end"])
            ),
            ("old-tail", marker(["restoring", "phase finish", "end", "subtree Root/A/A1/A1x", "end"])),
            ("escaped", marker(["restoring", "phase decode", "subtree Root/A\\\\/A1\\n", "end"])),
            (
                "history-1",
                marker(["restoring", "phase decode", "subtree Root/B", "end"]) + [0] + Array("1\n".utf8)
            ),
            (
                "history-2",
                marker(["restoring", "phase decode", "subtree Root/B", "end"]) + [0] + Array("2\n".utf8)
            ),
            ("torn", Array("restoring\nphase dec".utf8)),
        ]
    }
}
