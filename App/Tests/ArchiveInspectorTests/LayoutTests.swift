import ArchiveInspector
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
