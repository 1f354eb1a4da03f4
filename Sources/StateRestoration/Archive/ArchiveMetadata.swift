import Foundation

/// What an archive says about the save that wrote it (rule R1).
///
/// The app delegate sees it in ``RestorationDelegate/shouldRestoreApplicationState(_:)``
/// and can refuse, for example, an archive written by an older version of the app.
public struct ArchiveMetadata: Hashable, Sendable {
    /// The app's name, as configured.
    public var appName: String
    /// The app's version at save time.
    public var appVersion: String
    /// The operating system and engine versions at save time, e.g.
    /// `"Linux 6.1.0; StateRestoration 1.0.0"`.
    public var systemVersion: String
    /// When the archive was written (UTC).
    public var timestamp: Date
    /// The kind of interface that saved it, e.g. `"terminal"`.
    public var interfaceIdiom: String
    /// The archive format version (see `docs/ARCHIVE-FORMAT.md`).
    public var formatVersion: Int

    /// Creates metadata.
    public init(
        appName: String, appVersion: String, systemVersion: String, timestamp: Date,
        interfaceIdiom: String, formatVersion: Int = ArchiveFormat.currentVersion
    ) {
        self.appName = appName
        self.appVersion = appVersion
        self.systemVersion = systemVersion
        self.timestamp = timestamp
        self.interfaceIdiom = interfaceIdiom
        self.formatVersion = formatVersion
    }

    /// The metadata's fields as stored: a list of named values, so that later versions
    /// can add fields that older readers skip.
    var entries: [ArchiveEntry] {
        [
            ArchiveEntry(key: "appName", value: .string(appName)),
            ArchiveEntry(key: "appVersion", value: .string(appVersion)),
            ArchiveEntry(key: "systemVersion", value: .string(systemVersion)),
            ArchiveEntry(key: "timestamp", value: .date(timestamp)),
            ArchiveEntry(key: "interfaceIdiom", value: .string(interfaceIdiom)),
        ]
    }

    /// Reads the stored fields; missing or mistyped ones become empty.
    init(entries: [ArchiveEntry], formatVersion: Int) {
        func string(_ key: String) -> String {
            if case .string(let value)? = entries.first(where: { $0.key == key })?.value { return value }
            return ""
        }
        var timestamp = Date(timeIntervalSince1970: 0)
        if case .date(let value)? = entries.first(where: { $0.key == "timestamp" })?.value {
            timestamp = value
        }
        self.init(
            appName: string("appName"), appVersion: string("appVersion"),
            systemVersion: string("systemVersion"), timestamp: timestamp,
            interfaceIdiom: string("interfaceIdiom"), formatVersion: formatVersion)
    }
}

/// One pass's metadata, shared by all its coders (``StateEncoder/metadata`` and
/// ``StateDecoder/metadata`` read it): a coder that held its own copy retained the
/// metadata's strings once per object.
final class SharedMetadata: Sendable {
    let value: ArchiveMetadata

    init(_ value: ArchiveMetadata) {
        self.value = value
    }
}
