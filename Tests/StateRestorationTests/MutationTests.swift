import Foundation
import RestorationTesting
import TestSupport
import Testing

@testable import StateRestoration

/// Makes damaged variants of real archives, from a fixed seed.
struct ArchiveMutator {
    enum Kind: CaseIterable {
        case bitFlips, truncation, splice, randomBytes, absurdLength, byteRun
    }

    var generator: SplitMix64

    mutating func mutate(_ bytes: [UInt8], other: [UInt8], kind: Kind) -> [UInt8] {
        var result = bytes
        switch kind {
        case .bitFlips:
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<result.count, using: &generator)
                result[index] ^= UInt8(1) << UInt8.random(in: 0...7, using: &generator)
            }
        case .truncation:
            result = Array(result[0..<Int.random(in: 0..<result.count, using: &generator)])
        case .splice:
            let cut = Int.random(in: 0...result.count, using: &generator)
            let from = Int.random(in: 0...other.count, using: &generator)
            result = Array(result[0..<cut]) + Array(other[from...])
        case .randomBytes:
            let count = Int.random(in: 0...256, using: &generator)
            result = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        case .absurdLength:
            // A ten-byte varint of 2^63 or so, dropped somewhere in the body.
            let index = Int.random(
                in: ArchiveFormat.headerSize..<max(result.count - 4, 17), using: &generator)
            let absurd: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]
            result.replaceSubrange(index..<min(index + 1, result.count), with: absurd)
        case .byteRun:
            let index = Int.random(in: 0..<result.count, using: &generator)
            let length = min(Int.random(in: 1...32, using: &generator), result.count - index)
            let value = UInt8.random(in: 0...255, using: &generator)
            result.replaceSubrange(index..<(index + length), with: repeatElement(value, count: length))
        }
        return result
    }
}

@Suite("R18, R23: 100,000 mutated archives")
@MainActor
struct MutationTests {
    @Test(
        "R23: a mutated archive is rejected with a reason at an offset in the file, or decodes to one that writes back out and reads again; restoring never traps"
    )
    func mutations() throws {
        let seeds = [try ArchiveFormatTests.sampleArchive(), try Self.wideArchive()]
        var mutator = ArchiveMutator(generator: SplitMix64(seed: 0x5EED))
        var decoded = 0
        var rejected = 0
        var reasons: Set<String> = []
        var misplaced: [String] = []
        var unreadable: [String] = []
        var unfaithful: [Int] = []
        let kinds = ArchiveMutator.Kind.allCases
        for round in 0..<100_000 {
            let seed = seeds[round % seeds.count]
            let kind = kinds[round % kinds.count]
            var bytes = mutator.mutate(seed, other: seeds[(round + 1) % seeds.count], kind: kind)
            // Half the time, reseal the checksum so the structure itself is attacked.
            if round % 2 == 0 && bytes.count >= ArchiveFormat.headerSize + ArchiveFormat.trailerSize
                && Array(bytes[0..<8]) == ArchiveFormat.magic
            {
                bytes = ArchiveSealing.resealed(bytes)
            }
            do {
                let archive = try Archive(bytes: bytes)
                decoded += 1
                // What parses writes back out as an archive that reads again, to the same value.
                let again = archive.encodedBytes()
                do {
                    let reread = try Archive(bytes: again)
                    // The same content; its size and string count may differ (a mutated
                    // archive can hold a string twice, or unused ones).
                    if reread.metadata != archive.metadata
                        || reread.applicationState != archive.applicationState
                        || reread.records != archive.records
                    {
                        unfaithful.append(round)
                    }
                } catch {
                    unreadable.append("round \(round): \(error)")
                }
                // What parses must also restore without trapping.
                if round % 50 == 0 { Self.restore(archive) }
            } catch {
                rejected += 1
                reasons.insert(Self.category(error))
                // Every rejection names a place in the file (the end, for a truncation).
                if !(0...bytes.count).contains(error.offset) || error.description.isEmpty {
                    misplaced.append("round \(round), \(bytes.count) bytes: \(error)")
                }
            }
        }
        #expect(misplaced.count == 0, "\(misplaced.prefix(5))")
        #expect(unreadable.count == 0, "\(unreadable.prefix(5))")
        #expect(unfaithful.count == 0, "rounds \(unfaithful.prefix(5))")
        #expect(rejected > 50_000)
        #expect(decoded > 0)
        // The damage reaches every kind of check, not only the checksum.
        #expect(
            reasons.isSuperset(of: [
                "checksum mismatch", "truncated", "over limit", "invalid", "bad magic", "length mismatch",
                "empty",
            ]))
    }

    static func category(_ error: ArchiveError) -> String {
        switch error.reason {
        case .empty: "empty"
        case .tooLarge: "too large"
        case .badMagic: "bad magic"
        case .unsupportedFormatVersion: "version"
        case .unknownFlags: "flags"
        case .lengthMismatch: "length mismatch"
        case .checksumMismatch: "checksum mismatch"
        case .truncated: "truncated"
        case .overLimit: "over limit"
        case .invalid: "invalid"
        }
    }

    static func restore(_ archive: Archive) {
        let app = TestApp()
        app.factory = { Node($0.last?.identifier) }
        let engine = app.engine(
            registry: RestorationRegistry([NodeRestorer.self]),
            configuration: RestorationConfiguration(appName: "T", appVersion: "1", debugOutput: .off))
        _ = engine.restore(archive)
    }

    /// An archive with many records, strings, references and nested values.
    static func wideArchive() throws -> [UInt8] {
        let harness = RestorationHarness.standard()
        let app = TestApp()
        let root = StackNode("Nav", value: "root")
        for index in 0..<20 {
            let child = TypedNode("Child\(index % 7)", value: String(repeating: "é", count: index))
            child.restorationClass = NodeRestorer.self
            root.children.append(child)
        }
        app.root = root
        try harness.launch(app).save()
        return try #require(harness.storage[.archive])
    }
}
