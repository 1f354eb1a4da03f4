import ArchiveInspector
import Foundation
import StateRestoration
import Testing

/// The inspector finds section boundaries itself (the engine's reader does not expose
/// them); these tests hold that walk to the documented layout.
@Suite("A3: the section layout behind verify's messages")
@MainActor
struct LayoutTests {
    @Test("A3: the sections of an engine-written archive tile the file, in the documented order")
    func tiles() throws {
        let bytes = try SampleArchives.homepwner()
        let archive = try Archive(bytes: bytes)
        let layout = ArchiveLayout(bytes: bytes)
        #expect(layout.isComplete)
        #expect(layout.sections.map(\.section) == ArchiveSection.allCases)
        #expect(layout.sections.first?.range == 0..<16)
        #expect(layout.sections.last?.range == bytes.count - 4..<bytes.count)
        for (previous, next) in zip(layout.sections, layout.sections.dropFirst()) {
            #expect(
                previous.range.upperBound == next.range.lowerBound, "\(previous.section) → \(next.section)")
        }
        #expect(layout.range(of: .recordCount)?.count == 1)
        #expect(layout.declaredRecordCount == archive.records.count)
        #expect(layout.records.map(\.path) == archive.records.map { $0.path.description })
        #expect(layout.records.first?.range.lowerBound == layout.range(of: .records)?.lowerBound)
        #expect(layout.records.last?.range.upperBound == layout.range(of: .records)?.upperBound)
    }

    @Test(
        "A3: the walk moves past a value of every tag by the engine's grammar (ArchiveFormat.payload)",
        arguments: ArchiveFormat.Tag.allCases)
    func everyTag(_ tag: ArchiveFormat.Tag) throws {
        let value: StateValue =
            switch tag {
            case .boolFalse: .bool(false)
            case .boolTrue: .bool(true)
            case .int: .int(-99)
            case .uint: .uint(UInt64.max)
            case .double: .double(0.5)
            case .string: .string("熊猫")
            case .data: .data(Data([1, 2, 3]))
            case .date: .date(Date(timeIntervalSince1970: 5))
            case .uuid: .uuid(UUID())
            case .array: .array([.int(1), .array([.string("x")])])
            case .dictionary: .dictionary(["k": .dictionary(["j": .bool(true)])])
            case .codable: .codable(Data("{}".utf8))
            case .nilReference: .reference(nil)
            case .reference: .reference(1)
            }
        let records = ["A", "B"].enumerated().map { index, identifier in
            ArchiveRecord(
                parentIndex: index == 0 ? nil : 0,
                path: RestorationPath(identifiers: index == 0 ? ["A"] : ["A", "B"]), typeName: "T",
                restorationClassName: nil, stateVersion: 0,
                entries: [ArchiveEntry(key: "v", value: value), ArchiveEntry(key: "w", value: .int(1))])
        }
        let metadata = ArchiveMetadata(
            appName: "x", appVersion: "1", systemVersion: "s", timestamp: Date(timeIntervalSince1970: 0),
            interfaceIdiom: "t")
        let bytes = Archive(
            metadata: metadata, applicationState: [ArchiveEntry(key: "v", value: value)], records: records,
            byteCount: 0, stringCount: 0
        ).encodedBytes()
        let layout = ArchiveLayout(bytes: bytes)
        #expect(layout.isComplete, "\(tag)")
        #expect(layout.records.map(\.path) == ["A", "A/B"])
        #expect(layout.records.last?.range.upperBound == layout.range(of: .records)?.upperBound)
    }

    @Test("A3: the walk stops cleanly on any prefix of an archive, never past its bytes")
    func prefixes() throws {
        let bytes = try SampleArchives.homepwner()
        for cut in 0...bytes.count {
            let layout = ArchiveLayout(bytes: Array(bytes[0..<cut]))
            #expect(layout.sections.allSatisfy { $0.range.upperBound <= cut }, "cut at \(cut)")
            #expect(layout.isComplete == (cut == bytes.count), "cut at \(cut)")
        }
    }
}
