import Foundation

/// The floor: what a careful hand-written encoder costs for the same content.
///
/// Encode walks the live tree and appends, per node in preorder, the identifier, the type
/// name, the restoration class name, the state version, a presence byte for the optional
/// fields, the fields themselves (varints, little-endian doubles, length-prefixed strings
/// and bytes), and the number of children. Decode reads them back into new nodes,
/// checking bounds. There are no keys, no string table, no checksum and no diagnostics:
/// only the work any format must do.
@MainActor
final class FloorContender: Contender {
    let library = Library.floor
    private let tree: BenchTree

    init(tree: BenchTree) {
        self.tree = tree
    }

    private static let typeName = Array(BenchNode.typeName.utf8)
    private static let className = Array(BenchNodeRestorer.restorationClassName.utf8)

    func encode() throws -> EncodedBytes {
        var writer = FloorWriter(typeName: Self.typeName, className: Self.className)
        write(tree.root, into: &writer)
        return .array(writer.bytes)
    }

    private func write(_ node: BenchNode, into writer: inout FloorWriter) {
        writer.header(identifier: node.identifier, hasClass: node.restorationClass != nil)
        writer.fields(node.fields)
        let children = node.children
        writer.varint(UInt64(children.count))
        for child in children { write(child, into: &writer) }
    }

    func decode(_ encoded: EncodedBytes, slot: Int) throws -> BenchNode {
        guard case .array(let bytes) = encoded else { throw BenchError.wrongBytes(library: library) }
        return try bytes.withUnsafeBufferPointer { buffer throws(BenchError) in
            var reader = FloorReader(buffer: buffer, typeName: Self.typeName, className: Self.className)
            let root = try read(&reader, level: 1)
            guard reader.offset == buffer.count else {
                throw BenchError.malformedFloor(offset: reader.offset, reason: "bytes after the tree")
            }
            return root
        }
    }

    private func read(_ reader: inout FloorReader, level: Int) throws(BenchError) -> BenchNode {
        guard level <= 64 else { throw BenchError.malformedFloor(offset: reader.offset, reason: "too deep") }
        let (identifier, hasClass) = try reader.header()
        let node = BenchNode(
            kind: hasClass ? .screen : .navigation, identifier: identifier, fields: try reader.fields())
        let count = try reader.length()
        var children: [BenchNode] = []
        children.reserveCapacity(count)
        for _ in 0..<count { children.append(try read(&reader, level: level + 1)) }
        node.children = children
        return node
    }
}

/// Appends the floor's fields; see ``FloorContender``.
private struct FloorWriter {
    var bytes: [UInt8] = []
    let typeName: [UInt8]
    let className: [UInt8]

    init(typeName: [UInt8], className: [UInt8]) {
        self.typeName = typeName
        self.className = className
        bytes.reserveCapacity(4096)
    }

    mutating func header(identifier: String, hasClass: Bool) {
        string(identifier)
        raw(typeName)
        if hasClass {
            bytes.append(1)
            raw(className)
        } else {
            bytes.append(0)
        }
        varint(UInt64(BenchNode.stateVersion))
    }

    mutating func fields(_ fields: NodeFields) {
        var presence: UInt8 = 0
        if fields.subtitle != nil { presence |= 1 }
        if fields.position != nil { presence |= 2 }
        if let selected = fields.selected { presence |= selected ? 12 : 4 }
        if fields.photo != nil { presence |= 16 }
        if fields.enabled { presence |= 32 }
        bytes.append(presence)
        string(fields.title)
        if let subtitle = fields.subtitle { string(subtitle) }
        zigzag(fields.count)
        if let position = fields.position { zigzag(position) }
        double(fields.ratio)
        double(fields.modified.timeIntervalSince1970)
        if let photo = fields.photo {
            varint(UInt64(photo.count))
            bytes.append(contentsOf: photo)
        }
    }

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func zigzag(_ value: Int) {
        varint(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63))))
    }

    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func raw(_ utf8: [UInt8]) {
        varint(UInt64(utf8.count))
        bytes.append(contentsOf: utf8)
    }
}

/// Reads the floor's fields back, checking bounds; see ``FloorContender``.
private struct FloorReader {
    let buffer: UnsafeBufferPointer<UInt8>
    let typeName: [UInt8]
    let className: [UInt8]
    var offset = 0

    init(buffer: UnsafeBufferPointer<UInt8>, typeName: [UInt8], className: [UInt8]) {
        self.buffer = buffer
        self.typeName = typeName
        self.className = className
    }

    mutating func header() throws(BenchError) -> (identifier: String, hasClass: Bool) {
        let identifier = try string()
        try expect(typeName)
        let hasClass = try byte() == 1
        if hasClass { try expect(className) }
        guard try varint() == UInt64(BenchNode.stateVersion) else {
            throw BenchError.malformedFloor(offset: offset, reason: "unknown state version")
        }
        return (identifier, hasClass)
    }

    mutating func fields() throws(BenchError) -> NodeFields {
        let presence = try byte()
        let title = try string()
        let subtitle = presence & 1 != 0 ? try string() : nil
        let count = try zigzag()
        let position = presence & 2 != 0 ? try zigzag() : nil
        let ratio = try double()
        let modified = Date(timeIntervalSince1970: try double())
        var photo: Data?
        if presence & 16 != 0 {
            let length = try length()
            photo = Data(UnsafeBufferPointer(rebasing: buffer[offset..<offset + length]))
            offset += length
        }
        return NodeFields(
            title: title, subtitle: subtitle, count: count, position: position, ratio: ratio,
            enabled: presence & 32 != 0, selected: presence & 4 != 0 ? presence & 8 != 0 : nil,
            modified: modified, photo: photo)
    }

    mutating func byte() throws(BenchError) -> UInt8 {
        guard offset < buffer.count else {
            throw BenchError.malformedFloor(offset: offset, reason: "truncated")
        }
        defer { offset += 1 }
        return buffer[offset]
    }

    mutating func varint() throws(BenchError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try byte()
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
            guard shift < 64 else { throw BenchError.malformedFloor(offset: offset, reason: "long varint") }
        }
    }

    mutating func zigzag() throws(BenchError) -> Int {
        let raw = try varint()
        return Int(truncatingIfNeeded: Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1))
    }

    /// A length or count, which cannot exceed the bytes that remain.
    mutating func length() throws(BenchError) -> Int {
        let raw = try varint()
        guard raw <= UInt64(buffer.count - offset) else {
            throw BenchError.malformedFloor(offset: offset, reason: "length \(raw) past the end")
        }
        return Int(raw)
    }

    mutating func double() throws(BenchError) -> Double {
        guard buffer.count - offset >= 8 else {
            throw BenchError.malformedFloor(offset: offset, reason: "truncated")
        }
        var bits: UInt64 = 0
        for shift in 0..<8 { bits |= UInt64(buffer[offset + shift]) << UInt64(shift * 8) }
        offset += 8
        return Double(bitPattern: bits)
    }

    mutating func string() throws(BenchError) -> String {
        let length = try length()
        let text = String(
            decoding: UnsafeBufferPointer(rebasing: buffer[offset..<offset + length]), as: UTF8.self)
        offset += length
        return text
    }

    /// Checks that the next length-prefixed bytes are `expected`, without making a String.
    mutating func expect(_ expected: [UInt8]) throws(BenchError) {
        let start = offset
        let length = try length()
        let equal =
            length == expected.count
            && expected.withUnsafeBytes { wanted in
                guard let wanted = wanted.baseAddress, let found = buffer.baseAddress else {
                    return length == 0
                }
                return memcmp(wanted, found + offset, length) == 0
            }
        guard equal else { throw BenchError.malformedFloor(offset: start, reason: "unexpected type name") }
        offset += length
    }
}
