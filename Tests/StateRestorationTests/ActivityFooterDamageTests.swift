import RestorationTesting
import Testing

@testable import StateRestoration

/// Rule S5, as docs/ARCHIVE-FORMAT.md states it: "a corrupt activity leaves the archive
/// whole", and a corrupt archive leaves the activity readable.
@Suite("S5: the archive and its activity are judged apart")
@MainActor
struct ActivityFooterDamageTests {
    static let activity = RestorationActivity(
        type: "test.view", title: "Viewing A", userInfo: ["key": "value"])

    /// A saved archive with the activity after it, and where the footer starts.
    static func file() throws -> (bytes: [UInt8], footer: Int) {
        let harness = RestorationHarness()
        let app = TestApp()
        app.root = Node("Root", value: "kept")
        let launch = harness.launch(app)
        let encoded = try #require(launch.engine.encodeState())
        let footer = ActivityFooter.encode(activity)
        return (encoded.bytes + footer, encoded.bytes.count)
    }

    enum Damage: String, CaseIterable {
        case lengthPlusSeven, lengthMinusOne, lastMagicBit, firstMagicBit, checksumBit, payloadBit, extraByte
    }

    static func damaged(_ bytes: [UInt8], footer: Int, _ damage: Damage) -> [UInt8] {
        var bytes = bytes
        let count = bytes.count
        switch damage {
        case .lengthPlusSeven: bytes[count - 16] &+= 7
        case .lengthMinusOne: bytes[count - 16] &-= 1
        case .lastMagicBit: bytes[count - 1] ^= 0x01
        case .firstMagicBit: bytes[count - 8] ^= 0x80
        case .checksumBit: bytes[count - 12] ^= 0x10
        case .payloadBit: bytes[footer] ^= 0x04
        case .extraByte: bytes.append(0)
        }
        return bytes
    }

    @Test(
        "S5: any damage to the activity's footer leaves the archive whole, and says the activity is damaged",
        arguments: Damage.allCases)
    func damagedFooterKeepsArchive(damage: Damage) throws {
        let (bytes, footer) = try Self.file()
        let (archiveLength, found) = ActivityFooter.split(Self.damaged(bytes, footer: footer, damage))
        #expect(archiveLength == footer, "the archive ends where its header says")
        guard case .damaged = found else {
            Issue.record("expected a damaged activity, found \(found)")
            return
        }
        let archive = try Archive(bytes: Array(bytes[..<archiveLength]))
        #expect(archive.records.first?.entries.contains { $0.value == .string("kept") } == true)
    }

    @Test("S5: a whole footer after a whole archive gives both")
    func wholeFooter() throws {
        let (bytes, footer) = try Self.file()
        let (archiveLength, found) = ActivityFooter.split(bytes)
        #expect(archiveLength == footer)
        #expect(found == .activity(Self.activity))
    }

    @Test("S5: a damaged archive header still leaves the activity readable")
    func damagedHeaderKeepsActivity() throws {
        let (bytes, footer) = try Self.file()
        for offset in [0, ArchiveFormat.bodyLengthOffset, ArchiveFormat.bodyLengthOffset + 3] {
            var damaged = bytes
            damaged[offset] ^= 0x40
            let (archiveLength, found) = ActivityFooter.split(damaged)
            #expect(found == .activity(Self.activity), "header byte \(offset)")
            #expect(archiveLength == footer, "header byte \(offset)")
        }
    }
}
