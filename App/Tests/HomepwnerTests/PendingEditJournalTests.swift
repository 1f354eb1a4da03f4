import Foundation
import Testing

@testable import HomepwnerCore

/// The journal of refused writes (rule H17): its reserved room, its two copies, its bounds,
/// and whose file it trusts.
@Suite("H17: the journal beside the database")
struct PendingEditJournalTests {
    let scratch = TemporaryScratch()

    func edit(_ owner: String, _ name: String) -> PendingEdit {
        PendingEdit(
            owner: owner, kind: .fields, key: UUID(), name: name, changes: ItemChanges(name: name),
            base: ItemChanges(name: ""))
    }

    @Test("H17: entries round-trip; each owner's are replaced apart; take removes what it returns")
    func roundTrip() throws {
        let journal = PendingEditJournal(databasePath: scratch.path + "/items.sqlite")
        #expect(try journal.entries().isEmpty)
        try journal.replaceEntries(of: "a", with: [edit("a", "one"), edit("a", "two")])
        try journal.replaceEntries(of: "b", with: [edit("b", "three")])
        try journal.replaceEntries(of: "a", with: [edit("a", "four")])
        #expect(try journal.entries().map(\.name).sorted() == ["four", "three"])
        let taken = try journal.take { $0.owner == "b" }
        #expect(taken.map(\.name) == ["three"])
        #expect(try journal.entries().map(\.name) == ["four"])
    }

    @Test("H17: the room is reserved at once, so a later write needs no new blocks; the file is 0600")
    func reservedRoom() throws {
        let journal = PendingEditJournal(databasePath: scratch.path + "/items.sqlite")
        try journal.reserve()
        let attributes = try FileManager.default.attributesOfItem(atPath: journal.path)
        let size = try #require(attributes[.size] as? Int)
        #expect(size >= 2 * PendingEditJournal.initialSlotSize)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        try journal.replaceEntries(of: "a", with: [edit("a", "kept")])
        #expect(try FileManager.default.attributesOfItem(atPath: journal.path)[.size] as? Int == size)
    }

    @Test("H17: a write torn or damaged in the newest copy leaves the previous content readable")
    func damagedCopyFallsBack() throws {
        let journal = PendingEditJournal(databasePath: scratch.path + "/items.sqlite")
        try journal.replaceEntries(of: "a", with: [edit("a", "first")])
        try journal.replaceEntries(of: "a", with: [edit("a", "second")])
        // Writes alternate between the copies (number n goes to copy n mod 2): the first
        // went to the second copy, the second to the first. Damage a byte of the newest.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: journal.path))
        try handle.seek(toOffset: UInt64(16 + 30))
        try handle.write(contentsOf: Data([0xFF]))
        try handle.close()
        #expect(try journal.entries().map(\.name) == ["first"])
        // The damaged file is copied aside for a person to look at.
        let aside = try #require(journal.damagedPath)
        #expect(FileManager.default.fileExists(atPath: aside))
    }

    @Test("H17: garbage, or a file cut short, reads as empty and is made anew at the next write")
    func garbageIsEmpty() throws {
        let journal = PendingEditJournal(databasePath: scratch.path + "/items.sqlite")
        try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(
            to: URL(fileURLWithPath: journal.path))
        #expect(try journal.entries().isEmpty)
        try journal.replaceEntries(of: "a", with: [edit("a", "fresh")])
        #expect(try journal.entries().map(\.name) == ["fresh"])
        // The damaged file is kept aside, not overwritten; a second one gets a name of its own.
        let first = try #require(journal.damagedPath)
        #expect(FileManager.default.contents(atPath: first)?.count == 5000)
        try Data(repeating: 7, count: 300).write(to: URL(fileURLWithPath: journal.path))
        let again = PendingEditJournal(databasePath: scratch.path + "/items.sqlite")
        try again.reserve()
        let second = try #require(again.damagedPath)
        #expect(second != first)
        #expect(FileManager.default.contents(atPath: first)?.count == 5000)
        #expect(FileManager.default.contents(atPath: second)?.count == 300)
    }

    @Test("H17: at most maximumEntries entries are kept or read, whatever a file holds")
    func bounded() throws {
        let journal = PendingEditJournal(databasePath: scratch.path + "/items.sqlite")
        let many = (0..<(PendingEditJournal.maximumEntries + 500)).map { edit("a", "item \($0)") }
        try journal.replaceEntries(of: "a", with: many)
        #expect(try journal.entries().count == PendingEditJournal.maximumEntries)
    }

    @Test("H17: a journal that is another user's, or not a regular file, is refused")
    func untrusted() throws {
        let journal = PendingEditJournal(databasePath: scratch.path + "/items.sqlite")
        try journal.replaceEntries(of: "a", with: [edit("a", "mine")])
        if getuid() == 0 {
            #expect(chown(journal.path, 65534, 65534) == 0)
            #expect(throws: JournalError.self) { try journal.entries() }
            #expect(chown(journal.path, 0, 0) == 0)
        }
        try FileManager.default.removeItem(atPath: journal.path)
        #expect(mkfifo(journal.path, 0o600) == 0)
        #expect(throws: JournalError.self) { try journal.entries() }
    }
}

/// A temporary directory, removed when the value goes.
final class TemporaryScratch: Sendable {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.path + "/journal-tests-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
