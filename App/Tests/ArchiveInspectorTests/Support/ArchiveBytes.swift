import Foundation
import StateRestoration
import TestSupport

/// Writes an ``Archive`` out in format 1 (docs/ARCHIVE-FORMAT.md), written from the spec
/// independently of the engine's builder, with nothing checked: the bytes a crafted file
/// would hold (an identifier with an escape sequence, a type name no Swift type has), with
/// a valid length and checksum, so that the engine's reader accepts them.
enum ArchiveBytes {
    static func encode(_ archive: Archive) -> [UInt8] {
        var strings: [String] = []
        var indexes: [String: Int] = [:]
        func intern(_ string: String) -> Int {
            if let index = indexes[string] { return index }
            strings.append(string)
            indexes[string] = strings.count - 1
            return strings.count - 1
        }
        var tail: [UInt8] = []
        func entries(_ entries: [ArchiveEntry]) {
            for entry in entries {
                tail += Corrupt.varint(UInt64(intern(entry.key) + 1))
                value(entry.value, into: &tail)
            }
            tail.append(0)
        }
        entries(archive.applicationState)
        for record in archive.records {
            let last = record.path.last
            tail += Corrupt.varint(UInt64(record.parentIndex.map { $0 + 1 } ?? 0))
            tail += Corrupt.varint(UInt64(intern(last?.identifier ?? "")))
            tail += Corrupt.varint(UInt64(last?.occurrence ?? 0))
            tail += Corrupt.varint(UInt64(intern(record.typeName)))
            tail += Corrupt.varint(UInt64(record.restorationClassName.map { intern($0) + 1 } ?? 0))
            tail += zigzag(Int64(record.stateVersion))
            entries(record.entries)
        }
        let metadata = archive.metadata
        var body: [UInt8] = Corrupt.varint(5)
        let fields: [(String, StateValue)] = [
            ("appName", .string(metadata.appName)), ("appVersion", .string(metadata.appVersion)),
            ("systemVersion", .string(metadata.systemVersion)), ("timestamp", .date(metadata.timestamp)),
            ("interfaceIdiom", .string(metadata.interfaceIdiom)),
        ]
        for (key, field) in fields {
            body += string(key)
            value(field, into: &body)
        }
        body += Corrupt.varint(UInt64(strings.count))
        for entry in strings { body += string(entry) }
        body += Corrupt.varint(UInt64(archive.records.count))
        body += tail
        let header: [UInt8] = [0x89, 0x52, 0x53, 0x54, 0x52, 0x0D, 0x0A, 0x1A, 1, 0, 0, 0, 0, 0, 0, 0]
        return ArchiveSealing.sealed(header + body)
    }

    private static func string(_ text: String) -> [UInt8] {
        Corrupt.varint(UInt64(text.utf8.count)) + Array(text.utf8)
    }

    private static func zigzag(_ number: Int64) -> [UInt8] {
        Corrupt.varint(UInt64(bitPattern: (number << 1) ^ (number >> 63)))
    }

    private static func littleEndian(_ bits: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: bits >> UInt64($0 * 8)) }
    }

    private static func value(_ value: StateValue, into bytes: inout [UInt8]) {
        switch value {
        case .bool(let flag): bytes.append(flag ? 0x02 : 0x01)
        case .int(let number): bytes += [0x03] + zigzag(number)
        case .uint(let number): bytes += [0x04] + Corrupt.varint(number)
        case .double(let number): bytes += [0x05] + littleEndian(number.bitPattern)
        case .string(let text): bytes += [0x06] + string(text)
        case .data(let blob): bytes += [0x07] + Corrupt.varint(UInt64(blob.count)) + Array(blob)
        case .date(let date): bytes += [0x08] + littleEndian(date.timeIntervalSince1970.bitPattern)
        case .uuid(let id): bytes += [0x09] + withUnsafeBytes(of: id.uuid) { Array($0) }
        case .array(let values):
            bytes += [0x0A] + Corrupt.varint(UInt64(values.count))
            for element in values { self.value(element, into: &bytes) }
        case .dictionary(let values):
            bytes += [0x0B] + Corrupt.varint(UInt64(values.count))
            for (key, element) in values.sorted(by: { $0.key < $1.key }) {
                bytes += string(key)
                self.value(element, into: &bytes)
            }
        case .codable(let json): bytes += [0x0C] + Corrupt.varint(UInt64(json.count)) + Array(json)
        case .reference(let index?): bytes += [0x0E] + Corrupt.varint(UInt64(index))
        case .reference(nil): bytes.append(0x0D)
        }
    }
}
