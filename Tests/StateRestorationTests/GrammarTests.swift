import Foundation
import RestorationTesting
import Testing

@testable import StateRestoration

/// The grammar of values is defined once (`ArchiveFormat.Tag`, `ArchiveFormat.Payload`):
/// one value of every tag, written by the engine, goes through every reader of the
/// package. (`restoration-archive`'s walker has the same test in ArchiveInspectorTests.)
@Suite("The archive's grammar: every tag through every reader")
@MainActor
struct GrammarTests {
    /// A value of each tag, with the tag it must be written with.
    nonisolated static let cases: [(ArchiveFormat.Tag, StateValue)] = [
        (.boolFalse, .bool(false)),
        (.boolTrue, .bool(true)),
        (.int, .int(-1_234_567_890_123)),
        (.uint, .uint(UInt64.max)),
        (.double, .double(-0.25)),
        (.string, .string("熊猫 and a tab\t")),
        (.data, .data(Data([0, 1, 2, 255]))),
        (.date, .date(Date(timeIntervalSince1970: 1_700_000_000.5))),
        (.uuid, .uuid(UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8") ?? UUID())),
        (.array, .array([.int(1), .string("two"), .array([.bool(true)])])),
        (.dictionary, .dictionary(["a": .int(1), "b": .dictionary(["c": .string("d")])])),
        (.codable, .codable(Data(#"{"x":1}"#.utf8))),
        (.nilReference, .reference(nil)),
        (.reference, .reference(0)),
    ]

    @Test("Every tag has a payload shape, and the table of raw tags agrees with the enum")
    func table() {
        #expect(ArchiveFormat.Tag.allCases.count == Self.cases.count)
        for raw in 0...255 {
            let byte = UInt8(raw)
            #expect(
                ArchiveFormat.payload(ofRawTag: byte) == ArchiveFormat.Tag(rawValue: byte)?.payload,
                "0x\(raw)")
        }
        #expect(ArchiveFormat.Tag.string.payload == .lengthPrefixed)
        #expect(ArchiveFormat.Tag.dictionary.payload == .map)
        #expect(ArchiveFormat.Tag.nilReference.payload == .empty)
    }

    /// An archive whose one record holds `before`, the value, and `after`.
    func archive(_ value: StateValue) -> [UInt8] {
        let metadata = ArchiveMetadata(
            appName: "TestApp", appVersion: "1.0", systemVersion: "test",
            timestamp: Date(timeIntervalSince1970: 0),
            interfaceIdiom: "test")
        let record = ArchiveRecord(
            parentIndex: nil, path: RestorationPath(identifiers: ["Root"]),
            typeName: String(reflecting: Probe.self),
            restorationClassName: nil, stateVersion: 0,
            entries: [
                ArchiveEntry(key: "before", value: .string("b")), ArchiveEntry(key: "value", value: value),
                ArchiveEntry(key: "after", value: .int(7)),
            ])
        return Archive(
            metadata: metadata, applicationState: [], records: [record], byteCount: 0, stringCount: 0
        )
        .encodedBytes()
    }

    /// Reads what the probe's coder finds, in the order that makes the decoder skip the
    /// value to reach `after` first.
    final class Probe: RestorableObject {
        var restorationIdentifier: String? = "Root"
        var after: StateValue?
        var value: StateValue?
        func decodeRestorableState(with coder: StateDecoder) throws {
            after = coder.stateValue(forKey: "after")
            value = coder.stateValue(forKey: "value")
        }
    }

    final class ProbeApp: HarnessApp {
        let probe = Probe()
        var rootObjects: [any RestorableObject] { [probe] }
        func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }
        func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }
    }

    @Test(
        "A value of each tag is written with that tag and read back the same by every reader",
        arguments: cases)
    func everyReader(_ tag: ArchiveFormat.Tag, _ value: StateValue) throws {
        let bytes = archive(value)
        // The writer: the tag byte follows the key "value"'s string index in the record.
        let parsed = try Archive(bytes: bytes)
        #expect(parsed.records.first?.entries.map(\.key) == ["before", "value", "after"])
        // The checked reader that builds values.
        #expect(parsed.records.first?.entries[1].value == value)
        #expect(parsed.records.first?.entries[2].value == .int(7))
        // The checked reader that reads in place, then the in-place decoder, which skips the
        // value by its payload's shape to reach "after".
        let view = try ArchiveReader(bytes: bytes, limits: .default).view()
        #expect(view.records.count == 1)
        let harness = RestorationHarness()
        harness.storage[.archive] = bytes
        let app = ProbeApp()
        let launch = harness.launch(app)
        #expect(launch.restoreDiagnostics == [])
        #expect(app.probe.after == .int(7), "the decoder skipped \(tag) by its shape")
        #expect(app.probe.value == value)
        // The writer used the tag: it is in the bytes right before the value's payload, and
        // nowhere else would a payload of this shape end exactly where "after" begins.
        #expect(bytes.contains(tag.rawValue))
    }
}
