import Foundation
import StateRestoration

/// What `restoration-archive sessions --app NAME` prints (rule S7): each session of the
/// app, newest first, with when it was last saved, whether a running instance holds it,
/// the top of its stack (the last view controller its archive saved), and its activity.
///
/// ```
/// SESSION   LAST SAVED            IN USE  TOP OF STACK                               ACTIVITY
/// 3e712439  2026-12-01T18:40:12Z  yes     NavigationController/DetailViewController  Viewing “Rusty Bear”
/// ```
///
/// Reading a session takes no lock that would keep an instance from starting; an archive
/// that is not valid is listed with the reason instead of its top.
struct SessionListing {
    /// One session, as listed.
    struct Row {
        var info: SessionInfo
        /// The path of the last view controller saved, or nil.
        var top: String?
        var activity: ActivityFooter.Found
        /// Why the archive could not be read, if it could not.
        var problem: String?
    }

    let stateDirectory: String
    let rows: [Row]

    init(stateDirectory: String) {
        self.stateDirectory = stateDirectory
        rows = RestorationSessions(stateDirectory: stateDirectory).sessions().map(Self.row)
    }

    private static func row(_ info: SessionInfo) -> Row {
        guard info.lastSaved != nil else { return Row(info: info, top: nil, activity: .none, problem: nil) }
        let limits = ArchiveLimits.default
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(.file(info.archivePath), standardInput: -1, limits: limits)
        } catch {
            return Row(info: info, top: nil, activity: .none, problem: Self.firstLine(error.rendered))
        }
        let (length, activity) = ActivityFooter.split(bytes)
        switch ArchiveVerifier.verify(Array(bytes[..<length]), limits: limits) {
        case .success(let archive):
            let controllers = archive.records.filter { record in
                record.typeName.split(separator: ".").last?.hasSuffix("Controller") == true
            }
            let top = (controllers.last ?? archive.records.last).map {
                ArchiveText.path($0.path.components, terminal: false)
            }
            return Row(info: info, top: top, activity: activity, problem: nil)
        case .failure(let problem):
            return Row(info: info, top: nil, activity: activity, problem: "invalid archive: \(problem)")
        }
    }

    private static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n").first ?? "").replacingOccurrences(of: "error: ", with: "")
    }

    /// The table, or a line saying there are no sessions.
    func text(app: String) -> String {
        guard !rows.isEmpty else {
            return "\(ArchiveText.escaped(app)) has no sessions in \(ArchiveText.escaped(stateDirectory))\n"
        }
        let table =
            [["SESSION", "LAST SAVED", "IN USE", "TOP OF STACK", "ACTIVITY"]]
            + rows.map { row in
                [
                    row.info.id, row.info.lastSaved.map(ValueFormatter.timestamp) ?? "never",
                    row.info.isHeld ? "yes" : "no", row.problem ?? row.top ?? "(nothing saved)",
                    Self.activityText(row.activity),
                ].map { ArchiveText.escaped($0) }
            }
        var widths = [Int](repeating: 0, count: 5)
        for line in table {
            for (column, cell) in line.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        return table.map { line in
            var text = ""
            for (column, cell) in line.enumerated() {
                text +=
                    column == line.count - 1
                    ? cell : cell.padding(toLength: widths[column] + 2, withPad: " ", startingAt: 0)
            }
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }.joined(separator: "\n") + "\n"
    }

    private static func activityText(_ found: ActivityFooter.Found) -> String {
        switch found {
        case .none: "-"
        case .damaged(let why): "damaged: \(why)"
        case .activity(let activity): activity.title.isEmpty ? activity.type : activity.title
        }
    }

    /// An array of sessions as JSON (docs/ARCHIVE-JSON.md, "Sessions").
    func json() -> String {
        let sessions: [JSONValue] = rows.map { row in
            .object([
                ("id", .string(row.info.id)),
                ("directory", .string(row.info.directory)),
                ("lastSaved", row.info.lastSaved.map { .string(ValueFormatter.timestamp($0)) } ?? .null),
                ("lastUsed", .string(ValueFormatter.timestamp(row.info.lastUsed))),
                ("held", .bool(row.info.isHeld)),
                ("top", row.top.map { .string($0) } ?? .null),
                ("activity", ArchiveJSONRenderer.activity(row.activity)),
                ("problem", row.problem.map { .string($0) } ?? .null),
            ])
        }
        return JSONValue.array(sessions).text() + "\n"
    }
}
