import ArgumentKit
import Foundation
import StateRestoration

/// What `restoration-archive sessions --app NAME` prints (rule S7): each session of the
/// app, newest first, with when it was last saved, whether a running instance holds it,
/// the top of its stack (the last view controller its archive saved), and its activity.
///
/// ```
/// SESSION   LAST SAVED        IN USE  SCREEN                ACTIVITY
/// 3e712439  2026-12-01 18:40  yes     DetailViewController  Viewing “Rusty Bear”
/// ```
///
/// The text shows the local time (`TZ`) and the screen's own identifier; `--json` keeps the
/// whole path and the UTC time. On a terminal, a line longer than the terminal's width
/// (`COLUMNS`, else 80) has its activity cut with `…`.
///
/// Reading a session takes no lock that would keep an instance from starting; an archive
/// that is not valid is listed with the reason instead of its top.
struct SessionListing {
    /// One session, as listed.
    struct Row {
        var info: SessionInfo
        /// The path of the last view controller saved, or nil.
        var top: String?
        /// The identifier of that controller: the screen's own name, for the text.
        var screen: String?
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
        guard info.lastSaved != nil else {
            return Row(info: info, top: nil, screen: nil, activity: .none, problem: nil)
        }
        let limits = ArchiveLimits.default
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(.file(info.archivePath), standardInput: -1, limits: limits)
        } catch {
            return Row(
                info: info, top: nil, screen: nil, activity: .none, problem: Self.firstLine(error.rendered))
        }
        let (length, activity) = ActivityFooter.split(bytes)
        switch ArchiveVerifier.verify(Array(bytes[..<length]), limits: limits) {
        case .success(let archive):
            let shown = Self.shownRecord(in: archive)
            let top = shown.map { ArchiveText.path(archive.records[$0].path.components, terminal: false) }
            let screen = shown.flatMap { archive.records[$0].path.last?.identifier }
            return Row(info: info, top: top, screen: screen, activity: activity, problem: nil)
        case .failure(let problem):
            return Row(
                info: info, top: nil, screen: nil, activity: activity, problem: "invalid archive: \(problem)")
        }
    }

    /// The record of the screen shown when the archive was saved, found by TerminalKit's
    /// keys from the first root down: a presented controller (`presented`), then a tab bar's
    /// selected tab (`selectedIndex`), a split's column (its `secondary` child unless
    /// `collapsed` or empty), the top of a stack (`stack`). An archive of another toolkit
    /// gives its last view controller, as before.
    static func shownRecord(in archive: Archive) -> Int? {
        let records = archive.records
        let controllers = records.indices.filter { index in
            records[index].typeName.split(separator: ".").last?.hasSuffix("Controller") == true
        }
        guard var current = records.indices.first(where: { records[$0].parentIndex == nil }) else {
            return controllers.last ?? records.indices.last
        }
        func value(_ key: String, of index: Int) -> StateValue? {
            records[index].entries.last { $0.key == key }?.value
        }
        // Each controller under its parent, in order: made once, so that following the keys
        // costs what the archive holds, not records × controllers.
        var controllerChildren: [Int: [Int]] = [:]
        for index in controllers {
            if let parent = records[index].parentIndex {
                controllerChildren[parent, default: []].append(index)
            }
        }
        func children(of index: Int) -> [Int] {
            controllerChildren[index] ?? []
        }
        var visited: Set<Int> = []
        var followedToolkitKeys = false
        while visited.insert(current).inserted {
            let next: Int?
            if case .reference(let presented?)? = value("presented", of: current) {
                next = presented
            } else if case .int(let selected)? = value("selectedIndex", of: current) {
                let tabs = children(of: current)
                next = tabs.indices.contains(Int(selected)) ? tabs[Int(selected)] : tabs.first
            } else if case .array(let stack)? = value("stack", of: current) {
                guard case .reference(let top?)? = stack.last else { break }
                next = top
            } else if let primary = children(of: current).first(where: {
                records[$0].path.last?.identifier == "primary"
            }) {
                let secondary = children(of: current).first {
                    records[$0].path.last?.identifier == "secondary"
                }
                let collapsed = value("collapsed", of: current) == .bool(true)
                let secondaryShows: Bool = {
                    guard let secondary, case .array(let stack)? = value("stack", of: secondary) else {
                        return false
                    }
                    return !stack.isEmpty
                }()
                next = !collapsed && secondaryShows ? secondary : primary
            } else {
                break
            }
            guard let next, records.indices.contains(next) else { break }
            current = next
            followedToolkitKeys = true
        }
        return followedToolkitKeys ? current : (controllers.last ?? records.indices.last)
    }

    private static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n").first ?? "").replacingOccurrences(of: "error: ", with: "")
    }

    /// The table, then where each session's archive is and the command that shows one
    /// (`stateDirectoryOption`: ` --state-dir DIR` when the listing was given one); or a
    /// line saying there are no sessions. Only the table's rows are cut to `width`.
    func text(
        app: String, stateDirectoryOption: String = "", timeZone: TimeZone = .current, width: Int? = nil
    ) -> String {
        guard !rows.isEmpty else {
            return "\(ArchiveText.escaped(app)) has no sessions in \(ArchiveText.escaped(stateDirectory))\n"
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let table =
            [["SESSION", "LAST SAVED", "IN USE", "SCREEN", "ACTIVITY"]]
            + rows.map { row in
                [
                    row.info.id, row.info.lastSaved.map(formatter.string(from:)) ?? "never",
                    row.info.isHeld ? "yes" : "no", row.problem ?? row.screen ?? "(nothing saved)",
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
            if let width, text.count > width, width > 1 { text = String(text.prefix(width - 1)) + "…" }
            return text
        }.joined(separator: "\n") + "\n\n"
            + archiveLocation(app: app, stateDirectoryOption: stateDirectoryOption)
    }

    /// Where a session's archive is, and the command that shows it.
    private func archiveLocation(app: String, stateDirectoryOption: String) -> String {
        let sessions = URL(fileURLWithPath: rows[0].info.directory).deletingLastPathComponent().path
        let archive = URL(fileURLWithPath: rows[0].info.archivePath).lastPathComponent
        return """
            Each session's archive: \(ArchiveText.escaped(sessions))/SESSION/\(ArchiveText.escaped(archive))
            Show one: restoration-archive show --app \(ArchiveText.escaped(app))\(ArchiveText.escaped(stateDirectoryOption)) --session SESSION

            """
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
