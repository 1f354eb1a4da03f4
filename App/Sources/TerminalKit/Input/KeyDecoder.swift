/// Turns terminal input bytes into keys.
///
/// One `read()` can hold many keys, and a key can be split across reads, so the decoder
/// keeps an incomplete tail (a partial UTF-8 character, or an escape sequence that has not
/// ended) until more bytes come. Escape on its own is ambiguous with the start of a
/// sequence: the driver calls ``flush()`` when no more input arrives shortly after, which
/// turns a lone `ESC` into ``Key/escape``.
///
/// A bracketed paste (`ESC[200~` … `ESC[201~`, which terminals send once the app turned
/// mode 2004 on) becomes one ``Key/Code/paste(_:)`` holding everything between the
/// markers, Tabs, newlines and Escapes included, however many reads it took. A paste longer
/// than ``maximumPasteChunk`` bytes comes in pieces of that size (nothing is dropped); one
/// whose end never comes is handed on by ``flush()``.
///
/// Unknown escape sequences are consumed whole and ignored. Invalid UTF-8 and control
/// bytes without a meaning are dropped. Nothing the decoder receives can make it trap or
/// grow without bound: a pending sequence is capped at ``maximumSequenceLength`` bytes,
/// a pending control string at ``maximumStringLength``.
public struct KeyDecoder: Sendable {
    /// A sequence longer than this without its final byte is dropped as garbage.
    public static let maximumSequenceLength = 32
    /// A control string (OSC, DCS) longer than this without its end is dropped.
    public static let maximumStringLength = 512
    /// A paste longer than this many bytes is handed on in pieces of about this size.
    public static let maximumPasteChunk = 1 << 20

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    private var pending: [UInt8] = []
    /// The bytes of a bracketed paste that started and has not ended, or nil outside one.
    private var paste: [UInt8]?

    /// Creates a decoder with nothing pending.
    public init() {}

    /// True when bytes wait for the rest of their key, or a paste for its end (the driver
    /// then waits a moment and calls ``flush()``).
    public var hasPending: Bool { !pending.isEmpty || paste != nil }

    /// True inside a bracketed paste whose end has not come yet: the driver gives it longer
    /// than a lone Escape before calling ``flush()``.
    public var isInPaste: Bool { paste != nil }

    /// Decodes as many keys as the bytes complete, keeping an incomplete tail.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        return run(final: false)
    }

    /// Decodes what is pending as if no more bytes will come: a lone `ESC` becomes
    /// ``Key/escape``, an unfinished sequence is dropped, an unfinished paste is handed on
    /// as it is.
    public mutating func flush() -> [Key] {
        run(final: true)
    }

    private mutating func run(final: Bool) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            if paste != nil {
                switch takePaste(from: index, into: &keys) {
                case .ended(let next):
                    index = next
                    continue
                case .waiting(let keepFrom):
                    if final {
                        keys += finishPaste()  // What could begin the end marker is dropped.
                        pending.removeAll()
                    } else {
                        pending.removeFirst(keepFrom)
                    }
                    return keys
                }
            }
            switch step(at: index, final: final) {
            case .key(let key, let length):
                keys.append(key)
                index += length
            case .skip(let length):
                index += length
            case .pasteStart(let length):
                paste = []
                index += length
            case .incomplete:
                if final || pending.count - index > Self.maximumStringLength {
                    index += 1  // Garbage that never ends: drop its first byte and go on.
                } else {
                    pending.removeFirst(index)
                    return keys
                }
            }
        }
        pending.removeAll()
        if final && paste != nil { keys += finishPaste() }
        return keys
    }

    // MARK: Bracketed paste

    private enum PasteProgress {
        /// The end marker came; decoding goes on at `next`.
        case ended(next: Int)
        /// No end yet: the bytes from `keepFrom` on could begin the end marker.
        case waiting(keepFrom: Int)
    }

    /// Moves the bytes from `index` into the paste, up to its end marker.
    private mutating func takePaste(from index: Int, into keys: inout [Key]) -> PasteProgress {
        let marker = Self.pasteEnd
        var position = index
        while position < pending.count {
            if pending[position] == 0x1B {
                var matched = 1
                while matched < marker.count && position + matched < pending.count
                    && pending[position + matched] == marker[matched]
                {
                    matched += 1
                }
                if matched == marker.count {
                    appendToPaste(pending[index..<position], into: &keys)
                    keys += finishPaste()
                    return .ended(next: position + marker.count)
                }
                if position + matched == pending.count {
                    appendToPaste(pending[index..<position], into: &keys)
                    return .waiting(keepFrom: position)
                }
            }
            position += 1
        }
        appendToPaste(pending[index..<pending.count], into: &keys)
        return .waiting(keepFrom: pending.count)
    }

    /// Adds bytes to the paste; past ``maximumPasteChunk`` hands on what came so far, cut
    /// before a UTF-8 lead byte so no character is split.
    private mutating func appendToPaste(_ bytes: ArraySlice<UInt8>, into keys: inout [Key]) {
        guard var buffer = paste else { return }
        paste = nil  // Appends to a uniquely held buffer.
        buffer.append(contentsOf: bytes)
        while buffer.count > Self.maximumPasteChunk {
            var cut = Self.maximumPasteChunk
            while cut > 0 && buffer[cut] & 0xC0 == 0x80 { cut -= 1 }
            if cut == 0 { cut = Self.maximumPasteChunk }
            keys.append(.paste(String(decoding: buffer[..<cut], as: UTF8.self)))
            buffer.removeFirst(cut)
        }
        paste = buffer
    }

    /// Ends the paste; its text as one key, or nothing for an empty paste.
    private mutating func finishPaste() -> [Key] {
        let bytes = paste ?? []
        paste = nil
        return bytes.isEmpty ? [] : [.paste(String(decoding: bytes, as: UTF8.self))]
    }

    private enum Step {
        case key(Key, length: Int)
        case skip(length: Int)
        case pasteStart(length: Int)
        case incomplete
    }

    private func step(at index: Int, final: Bool) -> Step {
        let byte = pending[index]
        switch byte {
        case 0x1B:
            return escape(at: index, final: final)
        case 0x0D, 0x0A:
            return .key(.enter, length: 1)
        case 0x09:
            return .key(.tab, length: 1)
        case 0x7F, 0x08:
            return .key(.backspace, length: 1)
        case 0x01...0x1A:
            let letter = Character(Unicode.Scalar(byte + 0x60))
            return .key(Key(.character(letter), modifiers: .control), length: 1)
        case 0x00, 0x1C...0x1F:
            return .skip(length: 1)
        case 0x20...0x7E:
            return .key(.character(Character(Unicode.Scalar(byte))), length: 1)
        default:
            return utf8(at: index)
        }
    }

    // MARK: UTF-8

    private func utf8(at index: Int) -> Step {
        let lead = pending[index]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .skip(length: 1)  // A stray continuation byte or an invalid lead.
        }
        for offset in 1..<length {
            guard index + offset < pending.count else { return .incomplete }
            if pending[index + offset] & 0xC0 != 0x80 { return .skip(length: offset) }
        }
        var decoder = UTF8()
        var iterator = pending[index..<(index + length)].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return .skip(length: length) }
        if scalar.value < 0xA0 { return .skip(length: length) }  // C1 controls.
        return .key(.character(Character(scalar)), length: length)
    }

    // MARK: Escape sequences

    private func escape(at index: Int, final: Bool) -> Step {
        guard index + 1 < pending.count else { return final ? .key(.escape, length: 1) : .incomplete }
        let next = pending[index + 1]
        switch next {
        case UInt8(ascii: "["):
            return csi(at: index, final: final)
        case UInt8(ascii: "O"):
            guard index + 2 < pending.count else {
                return final ? .key(Key(.character("O"), modifiers: .alt), length: 2) : .incomplete
            }
            let length = 3
            switch pending[index + 2] {
            case UInt8(ascii: "A"): return .key(.up, length: length)
            case UInt8(ascii: "B"): return .key(.down, length: length)
            case UInt8(ascii: "C"): return .key(.right, length: length)
            case UInt8(ascii: "D"): return .key(.left, length: length)
            case UInt8(ascii: "H"): return .key(.home, length: length)
            case UInt8(ascii: "F"): return .key(.end, length: length)
            case UInt8(ascii: "M"): return .key(.enter, length: length)
            case UInt8(ascii: "P")...UInt8(ascii: "S"):
                return .key(Key(.function(Int(pending[index + 2]) - 0x4F)), length: length)
            default: return .skip(length: length)
            }
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            return controlString(at: index, final: final)
        case 0x1B:
            return .key(.escape, length: 1)  // ESC ESC: the first is a key of its own.
        case 0x20...0x7E:
            return .key(Key(.character(Character(Unicode.Scalar(next))), modifiers: .alt), length: 2)
        default:
            return .key(.escape, length: 1)
        }
    }

    /// OSC, DCS, APC, PM and SOS strings (terminal reports, never keys): everything up to
    /// BEL or `ESC \` is dropped. One that runs past ``maximumStringLength`` is dropped
    /// as far as it went.
    private func controlString(at index: Int, final: Bool) -> Step {
        var end = index + 2
        while end < pending.count {
            let byte = pending[end]
            if byte == 0x07 { return .skip(length: end - index + 1) }
            if byte == 0x1B {
                guard end + 1 < pending.count else { break }
                return .skip(length: end - index + (pending[end + 1] == UInt8(ascii: "\\") ? 2 : 1))
            }
            end += 1
            if end - index > Self.maximumStringLength { return .skip(length: end - index) }
        }
        return final ? .skip(length: pending.count - index) : .incomplete
    }

    /// `ESC [ parameters intermediates final`, with final in 0x40...0x7E.
    private func csi(at index: Int, final: Bool) -> Step {
        var end = index + 2
        while end < pending.count {
            let byte = pending[end]
            if (0x40...0x7E).contains(byte) { break }
            if !(0x20...0x3F).contains(byte) {
                return .skip(length: end - index)  // Not a sequence after all: drop the prefix.
            }
            end += 1
            if end - index > Self.maximumSequenceLength {
                return .skip(length: end - index)  // Garbage that never ends.
            }
        }
        guard end < pending.count else {
            return final ? .skip(length: pending.count - index) : .incomplete
        }
        let length = end - index + 1
        let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let modifiers = Self.modifiers(numbers.count > 1 ? numbers[1] : nil)
        let code: Key.Code?
        switch pending[end] {
        case UInt8(ascii: "A"): code = .up
        case UInt8(ascii: "B"): code = .down
        case UInt8(ascii: "C"): code = .right
        case UInt8(ascii: "D"): code = .left
        case UInt8(ascii: "H"): code = .home
        case UInt8(ascii: "F"): code = .end
        case UInt8(ascii: "Z"): return .key(.backTab, length: length)
        case UInt8(ascii: "~"):
            switch numbers.first ?? nil {
            case 200: return .pasteStart(length: length)
            case 1, 7: code = .home
            case 2: code = .insert
            case 3: code = .delete
            case 4, 8: code = .end
            case 5: code = .pageUp
            case 6: code = .pageDown
            case let number? where (11...15).contains(number): code = .function(number - 10)
            case let number? where (17...21).contains(number): code = .function(number - 11)
            case let number? where (23...24).contains(number): code = .function(number - 12)
            default: code = nil
            }
        default:
            code = nil
        }
        guard let code else { return .skip(length: length) }
        return .key(Key(code, modifiers: modifiers), length: length)
    }

    /// xterm's modifier parameter: 1 + (shift 1, alt 2, control 4).
    private static func modifiers(_ parameter: Int??) -> Key.Modifiers {
        guard let parameter = parameter ?? nil, parameter > 1, parameter <= 16 else { return [] }
        let bits = parameter - 1
        var modifiers: Key.Modifiers = []
        if bits & 1 != 0 { modifiers.insert(.shift) }
        if bits & 2 != 0 { modifiers.insert(.alt) }
        if bits & 4 != 0 { modifiers.insert(.control) }
        return modifiers
    }
}
