extension ArchiveParser {
    /// Moves past the value at the cursor and returns true if it is of a common kind and
    /// well formed: a Bool, an integer, a Double, a Date, a reference, an ASCII string, or
    /// an array of these. Otherwise it leaves the cursor where it was and returns false, for
    /// ``value(depth:)`` to check the value and say what is wrong.
    ///
    /// The same checks as ``value(depth:)`` makes, without its calls and error plumbing:
    /// checking the values is most of the reader's work.
    @inline(__always)
    mutating func skipSimpleValue() -> Bool {
        let start = offset
        guard buffer.contains(start) else { return false }
        if buffer[start] == ArchiveFormat.Tag.array.rawValue { return skipSimpleList(at: start) }
        guard let next = simpleValueEnd(at: start) else { return false }
        offset = next
        return true
    }

    /// ``skipSimpleValue()`` for an array.
    mutating func skipSimpleList(at start: Int) -> Bool {
        var cursor = start + 1
        guard limits.maxDepth >= 1, let count = skipShortVarint(&cursor), count <= UInt64(end - cursor) else {
            return false
        }
        for _ in 0..<count {
            guard let next = simpleValueEnd(at: cursor) else { return false }
            cursor = next
        }
        offset = cursor
        return true
    }

    /// Where the scalar value at `start` ends, if it is of a kind ``skipSimpleValue()``
    /// takes and well formed: its shape from the grammar (``ArchiveFormat/payload(ofRawTag:)``),
    /// as in ``value(depth:)``; only empty payloads, short varints, 8-byte numbers and ASCII
    /// strings are taken.
    @inline(__always)
    func simpleValueEnd(at start: Int) -> Int? {
        typealias Tag = ArchiveFormat.Tag
        guard buffer.contains(start) else { return nil }
        let tag = buffer[start]
        var cursor = start + 1
        switch ArchiveFormat.payload(ofRawTag: tag) {
        case .empty?:
            return cursor
        case .varint?:
            guard let value = skipShortVarint(&cursor) else { return nil }
            // A reference names a record of the archive.
            return tag != Tag.reference.rawValue || value < UInt64(recordCount) ? cursor : nil
        case .fixed64?:
            return end - cursor >= 8 ? cursor + 8 : nil
        case .lengthPrefixed? where tag == Tag.string.rawValue:
            guard let length = skipShortVarint(&cursor), length <= UInt64(max(limits.maxStringBytes, 0)),
                length <= UInt64(end - cursor)
            else { return nil }
            return buffer.isASCII(cursor..<cursor + Int(length)) ? cursor + Int(length) : nil
        default:
            return nil
        }
    }

    /// A varint of at most nine bytes (so at most 63 bits, which cannot overflow) that ends
    /// before the end; nil, with `cursor` unchanged, for anything else.
    @inline(__always)
    func skipShortVarint(_ cursor: inout Int) -> UInt64? {
        guard buffer.contains(cursor) else { return nil }
        // Most varints (counts, lengths, small integers, key indices) are one byte: take
        // those without the general reader's loop.
        let first = buffer[cursor]
        if first < 0x80 {
            cursor += 1
            return UInt64(first)
        }
        var source = ByteViewCursor(buffer, offset: cursor)
        guard case .value(let value, let length) = LEB128.read(from: &source), length <= 9 else { return nil }
        cursor = source.offset
        return value
    }

    /// A value that the cursor has just passed, read by ``ValueReader``.
    func trustedValue(at start: Int) -> StateValue {
        var reader = ValueReader(buffer, offset: start)
        return reader.value()
    }

    /// Checks one value and moves past it.
    mutating func value(depth: Int) throws(ArchiveError) {
        typealias Tag = ArchiveFormat.Tag
        let start = offset
        let tag = try byte("value")
        // The shape of the payload comes from the grammar; what a tag means decides the
        // checks of its payload.
        switch ArchiveFormat.payload(ofRawTag: tag) {
        case .empty?: return
        case .varint?:
            let value = try varint(tag == Tag.reference.rawValue ? "reference" : "integer")
            guard tag != Tag.reference.rawValue || value < UInt64(recordCount) else {
                throw ArchiveError(
                    .invalid("reference to record \(value), but there are \(recordCount) records"), at: start)
            }
        case .fixed64?: try skip(8, tag == Tag.date.rawValue ? "date" : "double")
        case .fixed128?: try skip(16, "UUID")
        case .lengthPrefixed?:
            switch tag {
            case Tag.string.rawValue: try checkString("string value")
            case Tag.data.rawValue: try skipBlob("data value")
            default: try skipBlob("codable value")
            }
        case .list?:
            try checkNesting(depth + 1, at: start)
            let count = try count("array count", limit: limits.maxTotalBytes)
            for _ in 0..<count { try value(depth: depth + 1) }
        case .map?:
            try checkNesting(depth + 1, at: start)
            let count = try count("dictionary count", limit: limits.maxTotalBytes)
            for _ in 0..<count {
                try checkString("dictionary key")
                try value(depth: depth + 1)
            }
        case nil:
            throw ArchiveError(.invalid("unknown value tag 0x\(String(tag, radix: 16))"), at: start)
        }
    }

    /// Moves past `count` bytes of a fixed-size value.
    @inline(__always)
    mutating func skip(_ count: Int, _ what: String) throws(ArchiveError) {
        guard remaining >= count else { throw ArchiveError(.truncated(what), at: offset) }
        offset += count
    }

    /// Arrays and dictionaries may nest at most ``ArchiveLimits/maxDepth`` deep.
    func checkNesting(_ depth: Int, at start: Int) throws(ArchiveError) {
        guard depth <= limits.maxDepth else {
            throw ArchiveError(
                .overLimit(what: "value nesting depth", value: UInt64(depth), limit: limits.maxDepth),
                at: start)
        }
    }

    // MARK: Primitives

    mutating func byte(_ what: String) throws(ArchiveError) -> UInt8 {
        guard buffer.contains(offset) else { throw ArchiveError(.truncated(what), at: offset) }
        defer { offset += 1 }
        return buffer[offset]
    }

    /// A LEB128 varint. `what` and `suffix` name it in errors; they are joined only then,
    /// not for every length prefix read.
    @inline(__always)
    mutating func varint(_ what: String, suffix: String = "") throws(ArchiveError) -> UInt64 {
        // Most varints (indices, counts, small numbers) are one byte.
        if buffer.contains(offset) {
            let byte = buffer[offset]
            if byte < 0x80 {
                offset += 1
                return UInt64(byte)
            }
        }
        return try longVarint(what, suffix: suffix)
    }

    @inline(never)
    mutating func longVarint(_ what: String, suffix: String) throws(ArchiveError) -> UInt64 {
        let start = offset
        var source = ByteViewCursor(buffer, offset: offset)
        let read = LEB128.read(from: &source)
        offset = source.offset
        switch read {
        case .value(let value, _):
            return value
        case .truncated:
            throw ArchiveError(.truncated(what + suffix), at: start)
        case .overflow:
            throw ArchiveError(.invalid("varint overflows 64 bits in \(what)\(suffix)"), at: start)
        }
    }

    @inline(__always)
    mutating func zigzag(_ what: String) throws(ArchiveError) -> Int64 {
        LEB128.unzigzag(try varint(what))
    }

    mutating func fixed64(_ what: String) throws(ArchiveError) -> UInt64 {
        guard remaining >= 8 else { throw ArchiveError(.truncated(what), at: offset) }
        let result = buffer.littleEndian64(at: offset)
        offset += 8
        return result
    }

    /// A count that must be within `limit` and cannot exceed the remaining bytes (each
    /// counted element takes at least one byte).
    mutating func count(_ what: String, limit: Int) throws(ArchiveError) -> Int {
        let start = offset
        let raw = try varint(what)
        guard raw <= UInt64(max(limit, 0)) else {
            throw ArchiveError(.overLimit(what: what, value: raw, limit: limit), at: start)
        }
        guard raw <= UInt64(remaining) else {
            throw ArchiveError(.truncated("\(what) \(raw) (only \(remaining) bytes remain)"), at: start)
        }
        return Int(raw)
    }

    mutating func length(_ what: String, limit: Int) throws(ArchiveError) -> Int {
        let start = offset
        let raw = try varint(what, suffix: " length")
        guard raw <= UInt64(max(limit, 0)) else {
            throw ArchiveError(.overLimit(what: "\(what) length", value: raw, limit: limit), at: start)
        }
        guard raw <= UInt64(remaining) else { throw ArchiveError(.truncated(what), at: start) }
        return Int(raw)
    }

    /// A length-prefixed UTF-8 string, validated.
    ///
    /// ASCII, which every identifier, key and type name and most values are, needs no
    /// validation, and `String(decoding:as:)` copies it on a fast path; anything else goes
    /// through `String(validating:as:)`, which is several times slower per byte.
    mutating func string(_ what: String) throws(ArchiveError) -> String {
        let start = offset
        let length = try length(what, limit: limits.maxStringBytes)
        let range = offset..<offset + length
        let text: String
        if let ascii = buffer.asciiString(range) {
            text = ascii
        } else {
            guard let valid = String(validating: buffer.array(range), as: UTF8.self) else {
                throw ArchiveError(.invalid("\(what) is not valid UTF-8"), at: start)
            }
            text = valid
        }
        offset += length
        return text
    }

    /// Checks a length-prefixed UTF-8 string, as ``string(_:)`` reads it, without making it.
    mutating func checkString(_ what: String) throws(ArchiveError) {
        let start = offset
        let length = try length(what, limit: limits.maxStringBytes)
        if !buffer.isASCII(offset..<offset + length)
            && String(validating: buffer.array(offset..<offset + length), as: UTF8.self) == nil
        {
            throw ArchiveError(.invalid("\(what) is not valid UTF-8"), at: start)
        }
        offset += length
    }

    /// A string-table index, checked.
    @inline(__always)
    mutating func stringReference(_ what: String) throws(ArchiveError) -> Int {
        let start = offset
        let index = try varint(what)
        guard index < UInt64(strings.count) else {
            throw ArchiveError(.invalid("\(what): string index \(index) out of range"), at: start)
        }
        return Int(index)
    }

    /// Checks a length-prefixed run of bytes and moves past it.
    mutating func skipBlob(_ what: String) throws(ArchiveError) {
        offset += try length(what, limit: limits.maxTotalBytes)
    }
}
