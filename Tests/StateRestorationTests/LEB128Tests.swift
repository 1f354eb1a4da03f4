import Foundation
import Testing

@testable import StateRestoration

/// Rule C3: the format's integers have one reader and one writer; every reader of the
/// engine goes through them.
@Suite("C3: one LEB128 reader and one writer")
struct LEB128Tests {
    /// Values at every boundary of a byte's seven bits, and the extremes.
    static let boundaries: [UInt64] = {
        var values: [UInt64] = [0, 1, UInt64.max]
        for bytes in 1...9 {
            let power = UInt64(1) << UInt64(7 * bytes)
            values += [power - 1, power]
        }
        return values
    }()

    struct Bytes: LEB128Source {
        var bytes: [UInt8]
        var offset = 0
        mutating func nextByte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }
    }

    static func written(_ value: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        LEB128.write(value) { bytes.append($0) }
        return bytes
    }

    @Test("C3: every boundary value writes in length(of:) bytes and reads back whole")
    func roundTrip() {
        for value in Self.boundaries {
            let bytes = Self.written(value)
            #expect(bytes.count == LEB128.length(of: value), "\(value)")
            var source = Bytes(bytes: bytes + [0xAA])
            #expect(LEB128.read(from: &source) == .value(value, length: bytes.count), "\(value)")
            #expect(source.offset == bytes.count, "the reader stops at the varint's end")
        }
        #expect(Self.written(300) == [0xAC, 0x02])
        #expect(Self.written(UInt64.max).count == LEB128.maximumLength)
    }

    @Test("C3: a varint cut short is truncated; more than 64 bits is an overflow, not a wrap")
    func hostile() {
        for value in Self.boundaries where LEB128.length(of: value) > 1 {
            var source = Bytes(bytes: Array(Self.written(value).dropLast()))
            #expect(LEB128.read(from: &source) == .truncated, "\(value)")
        }
        var tenthTooBig = Bytes(bytes: Array(repeating: 0xFF, count: 9) + [0x02])
        #expect(LEB128.read(from: &tenthTooBig) == .overflow)
        var eleven = Bytes(bytes: Array(repeating: 0x80, count: 10) + [0x00])
        #expect(LEB128.read(from: &eleven) == .overflow)
        var empty = Bytes(bytes: [])
        #expect(LEB128.read(from: &empty) == .truncated)
    }

    @Test("C3: zigzag maps small magnitudes of either sign to small numbers, and back")
    func zigzag() {
        #expect([0, -1, 1, -2, 2].map { LEB128.zigzag($0) } == [0, 1, 2, 3, 4])
        for value: Int64 in [0, -1, 1, .min, .max, -64, 63, -65, 64] {
            #expect(LEB128.unzigzag(LEB128.zigzag(value)) == value)
        }
    }

    @Test("C3: the archive's writers and readers agree with the one writer at every boundary")
    func archiveAgrees() throws {
        for value in Self.boundaries {
            let archive = Archive(
                metadata: ArchiveMetadata(
                    appName: "A", appVersion: "1", systemVersion: "s",
                    timestamp: Date(timeIntervalSince1970: 0),
                    interfaceIdiom: "test"),
                applicationState: [],
                records: [
                    ArchiveRecord(
                        parentIndex: nil, path: RestorationPath(identifiers: ["Root"]), typeName: "T",
                        restorationClassName: nil,
                        stateVersion: 0,
                        entries: [
                            ArchiveEntry(key: "u", value: .uint(value)),
                            ArchiveEntry(key: "i", value: .int(Int64(bitPattern: value))),
                        ])
                ], byteCount: 0, stringCount: 0)
            let decoded = try Archive(bytes: archive.encodedBytes())
            let values: [StateValue] = decoded.records.first?.entries.map { $0.value } ?? []
            #expect(values == [.uint(value), .int(Int64(bitPattern: value))])
        }
    }
}
