import ArgumentKit
import Foundation
import StateRestoration

/// The JSON of `restoration-archive show --json` (rule A2), specified in
/// `docs/ARCHIVE-JSON.md`.
///
/// The shape is stable: members keep their order, ``schemaVersion`` changes only when a
/// member is removed or changes meaning, and every value carries its type, so that nothing
/// a person needs is lost (Data in full as base64, dates also as exact seconds, references
/// as the path they point to).
public enum ArchiveJSONRenderer {
    /// The `"schema"` member of the output.
    public static let schemaVersion = 1

    /// The JSON text for `archive`, pretty-printed, ending in a newline.
    /// - Parameters:
    ///   - archive: A parsed archive.
    ///   - source: Where it was read from, or nil to write `null`.
    ///   - activity: What followed the archive in its file (rule S5): shown as `activity`
    ///     when there was one.
    public static func render(_ archive: Archive, source: String?, activity: ActivityFooter.Found = .none)
        -> String
    {
        document(archive, source: source, activity: activity).text() + "\n"
    }

    /// An activity as JSON: `type`, `version`, `title`, `userInfo`; or `damaged` with why.
    static func activity(_ found: ActivityFooter.Found) -> JSONValue {
        switch found {
        case .none:
            return .null
        case .damaged(let why):
            return .object([("damaged", .string(why))])
        case .activity(let activity):
            return .object([
                ("type", .string(activity.type)), ("version", .int(Int64(activity.version))),
                ("title", .string(activity.title)),
                (
                    "userInfo",
                    .object(
                        activity.userInfo.keys.sorted().map { ($0, .string(activity.userInfo[$0] ?? "")) })
                ),
            ])
        }
    }

    static func document(_ archive: Archive, source: String?, activity found: ActivityFooter.Found = .none)
        -> JSONValue
    {
        let inspected = InspectedArchive(archive)
        // Paths with `/`, `#` and `\` in identifiers escaped, but not the terminal's escapes:
        // JSON's string escapes cover those.
        let paths = archive.records.map { ArchiveText.path($0.path.components, terminal: false) }
        let metadata = archive.metadata
        return .object(
            [
                ("schema", .int(Int64(schemaVersion))),
                ("source", source.map { .string($0) } ?? .null),
                (
                    "metadata",
                    .object([
                        ("appName", .string(metadata.appName)),
                        ("appVersion", .string(metadata.appVersion)),
                        ("systemVersion", .string(metadata.systemVersion)),
                        ("timestamp", .string(ValueFormatter.timestamp(metadata.timestamp))),
                        ("interfaceIdiom", .string(metadata.interfaceIdiom)),
                        ("formatVersion", .int(Int64(metadata.formatVersion))),
                    ])
                ),
                (
                    "size",
                    .object([
                        ("bytes", .int(Int64(archive.byteCount))),
                        ("objects", .int(Int64(archive.records.count))),
                        ("applicationStateKeys", .int(Int64(archive.applicationState.count))),
                        ("strings", .int(Int64(archive.stringCount))),
                    ])
                ),
            ]
                + (found == .none ? [] : [("activity", activity(found))])
                + [
                    ("applicationState", .array(inspected.applicationState.map { entry($0, paths: paths) })),
                    ("objects", .array(inspected.objects.map { object($0, paths: paths) })),
                ])
    }

    private static func object(_ object: InspectedArchive.Object, paths: [String]) -> JSONValue {
        .object([
            ("index", .int(Int64(object.index))),
            ("path", .string(paths[object.index])),
            (
                "pathComponents",
                .array(
                    object.components.map {
                        .object([
                            ("identifier", .string($0.identifier)),
                            ("occurrence", .int(Int64($0.occurrence))),
                        ])
                    })
            ),
            ("parentIndex", object.parentIndex.map { .int(Int64($0)) } ?? .null),
            ("type", .string(object.typeName)),
            ("restorationClass", object.restorationClassName.map { .string($0) } ?? .null),
            ("stateVersion", .int(Int64(object.stateVersion))),
            ("entries", .array(object.entries.map { entry($0, paths: paths) })),
        ])
    }

    private static func entry(_ entry: InspectedArchive.Entry, paths: [String]) -> JSONValue {
        .object([("key", .string(entry.key)), ("value", value(entry.value, paths: paths))])
    }

    /// `{"type": ..., ...}`: the members after `type` depend on it (see the docs).
    /// - Parameter paths: The JSON paths of the records, by index, for references.
    static func value(_ value: InspectedValue, paths: [String]) -> JSONValue {
        var members: [(String, JSONValue)] = [("type", .string(value.jsonType))]
        switch value {
        case .leaf(.bool(let flag)): members.append(("value", .bool(flag)))
        case .leaf(.int(let number)): members.append(("value", .int(number)))
        case .leaf(.uint(let number)): members.append(("value", .uint(number)))
        case .leaf(.double(let number)): members.append(("value", double(number)))
        case .leaf(.string(let text)): members.append(("value", .string(text)))
        case .leaf(.data(let blob)):
            members.append(("size", .int(Int64(blob.count))))
            members.append(("base64", .string(blob.base64EncodedString())))
        case .leaf(.date(let date)):
            members.append(("value", .string(ValueFormatter.timestamp(date))))
            members.append(("secondsSince1970", double(date.timeIntervalSince1970)))
        case .leaf(.uuid(let id)): members.append(("value", .string(id.uuidString)))
        case .array(let values):
            members.append(("value", .array(values.map { Self.value($0, paths: paths) })))
        case .dictionary(let values):
            let sorted = values.sorted { $0.key < $1.key }
            members.append(("value", .object(sorted.map { ($0.key, Self.value($0.value, paths: paths)) })))
        case .leaf(.codable(let json)):
            if let text = String(validating: json, as: UTF8.self) {
                members.append(("json", .string(text)))
            } else {
                members.append(("base64", .string(json.base64EncodedString())))
            }
        case .reference(let path, let index):
            let resolved = path != nil ? index.flatMap { paths.indices.contains($0) ? paths[$0] : nil } : nil
            members.append(("path", resolved.map { .string($0) } ?? .null))
            members.append(("index", index.map { .int(Int64($0)) } ?? .null))
        case .leaf(.array), .leaf(.dictionary), .leaf(.reference): break  // never: InspectedValue.leaf
        }
        return .object(members)
    }

    /// A double, or `"nan"`, `"inf"`, `"-inf"` where JSON has no number.
    private static func double(_ number: Double) -> JSONValue {
        if number.isNaN { return .string("nan") }
        if number.isInfinite { return .string(number < 0 ? "-inf" : "inf") }
        return .double(number)
    }
}
