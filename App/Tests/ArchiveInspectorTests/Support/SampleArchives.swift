import Foundation
import RestorationTesting
import StateRestoration
import TestSupport
import Testing

/// Archives written by the real engine, at fixed times so that output is deterministic.
@MainActor
enum SampleArchives {
    /// 2023-11-14T22:13:20Z.
    static let savedAt = Date(timeIntervalSince1970: 1_700_000_000)

    /// The configuration of every sample save, with the clock fixed at `time`.
    static func configuration(at time: Date = savedAt) -> RestorationConfiguration {
        RestorationConfiguration(
            appName: "Homepwner", appVersion: "1.0", interfaceIdiom: "terminal", debugOutput: .off,
            now: { time })
    }

    /// The bytes the engine writes for `app`, saved through the test harness.
    static func save(_ app: SampleApp, at time: Date = savedAt) throws -> [UInt8] {
        let harness = RestorationHarness(
            registry: RestorationRegistry([ItemsRestorer.self, DetailRestorer.self]),
            configuration: configuration(at: time))
        let launch = harness.launch(app)
        try launch.save()
        launch.kill()
        return try #require(harness.storage[.archive], "the engine saved no archive")
    }

    /// The sample app's archive: navigation stack, list, table view, detail screen.
    static func homepwner(name: String = "Laptop", at time: Date = savedAt) throws -> [UInt8] {
        try save(SampleApp(name: name), at: time)
    }

    /// What `diff` prints for the file `old`, the sample saved with the name "Laptop", and
    /// the file `new`, saved at `newSaved` with the name "Laptop Pro": one key of one object.
    static func laptopRenamedDiff(old: String, new: String, newSaved: String = "2023-11-14T22:13:20Z")
        -> String
    {
        """
        --- \(old) (Homepwner 1.0, saved 2023-11-14T22:13:20Z)
        +++ \(new) (Homepwner 1.0, saved \(newSaved))

        objects
          ~ UINavigationController/DetailViewController  ArchiveInspectorTests.SampleDetailViewController
              ~ name: String = "Laptop" → "Laptop Pro"

        1 object changed

        """
    }

    /// An archive of `records` alone, with the sample's save time and no application state.
    static func archive(of records: [ArchiveRecord]) -> Archive {
        Archive(
            metadata: ArchiveMetadata(
                appName: "A", appVersion: "1", systemVersion: "S", timestamp: savedAt, interfaceIdiom: "t"),
            applicationState: [], records: records, byteCount: 0, stringCount: 0)
    }
}

/// Byte surgery on archives, to make the corrupt files `verify` must reject.
enum Corrupt {
    /// `bytes` with the byte at `offset` inverted.
    static func flipping(_ bytes: [UInt8], at offset: Int) -> [UInt8] {
        var copy = bytes
        copy[offset] ^= 0xFF
        return copy
    }

    /// `archive` without its trailer, cut at `offset` and resealed.
    static func cutAndResealed(_ archive: [UInt8], at offset: Int) -> [UInt8] {
        ArchiveSealing.sealed(Array(archive[0..<offset]))
    }

    /// A varint, as the format writes counts and lengths.
    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
        return bytes
    }

    /// The length of the varint at `offset`.
    static func varintLength(_ bytes: [UInt8], at offset: Int) -> Int {
        var length = 1
        while bytes[offset + length - 1] & 0x80 != 0 { length += 1 }
        return length
    }
}
