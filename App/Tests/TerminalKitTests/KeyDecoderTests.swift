import Testing

@testable import TerminalKit

@Suite("Key decoding")
struct KeyDecoderTests {
    private func decodeAll(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes) + decoder.flush()
    }

    @Test("One read holding text, arrows and control keys gives every key, in order")
    func manyKeysInOneRead() {
        let bytes = Array("ab\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\r\u{7F}\u{03}\t".utf8)
        #expect(
            decodeAll(bytes) == [
                .character("a"), .character("b"), .up, .down, .right, .left, .enter, .backspace, .ctrl("c"),
                .tab,
            ])
    }

    struct Sequence: Sendable, CustomStringConvertible {
        let bytes: String
        let key: Key
        var description: String { key.description }
    }

    @Test(
        "Editing and navigation keys in xterm and VT forms",
        arguments: [
            Sequence(bytes: "\u{1B}[3~", key: .delete),
            Sequence(bytes: "\u{1B}[5~", key: .pageUp),
            Sequence(bytes: "\u{1B}[6~", key: .pageDown),
            Sequence(bytes: "\u{1B}[H", key: .home),
            Sequence(bytes: "\u{1B}[F", key: .end),
            Sequence(bytes: "\u{1B}[1~", key: .home),
            Sequence(bytes: "\u{1B}[4~", key: .end),
            Sequence(bytes: "\u{1B}OA", key: .up),
            Sequence(bytes: "\u{1B}OH", key: .home),
            Sequence(bytes: "\u{1B}[Z", key: .backTab),
            Sequence(bytes: "\u{1B}[1;2A", key: Key(.up, modifiers: .shift)),
            Sequence(bytes: "\u{1B}[1;5B", key: Key(.down, modifiers: .control)),
            Sequence(bytes: "\u{1B}OP", key: Key(.function(1))),
            Sequence(bytes: "\u{1B}[15~", key: Key(.function(5))),
            Sequence(bytes: "\u{1A}", key: .ctrl("z")),
        ])
    func namedKeys(_ sequence: Sequence) {
        #expect(decodeAll(Array(sequence.bytes.utf8)) == [sequence.key])
    }

    @Test("A lone Escape waits for more bytes, and is Escape when none come")
    func loneEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPending)
    }

    @Test("A sequence split across two reads is one key")
    func splitSequence() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[".utf8)).isEmpty)
        #expect(decoder.decode(Array("5~x".utf8)) == [.pageUp, .character("x")])
    }

    @Test("UTF-8: Chinese, accents and emoji, also split mid-character")
    func utf8() {
        var decoder = KeyDecoder()
        let bytes = Array("中文é😀".utf8)
        let first = decoder.decode(bytes[0..<4])
        let rest = decoder.decode(bytes[4...])
        #expect(first + rest == [.character("中"), .character("文"), .character("é"), .character("😀")])
    }

    @Test("Unknown escape sequences are consumed whole and ignored")
    func unknownSequences() {
        let bytes = Array("a\u{1B}[99;99q\u{1B}[202~b\u{1B}[<0;10;5M\u{1B}O~c".utf8)
        #expect(decodeAll(bytes) == [.character("a"), .character("b"), .character("c")])
    }

    @Test("Terminal reports (OSC, DCS) are dropped up to BEL or ST, even split across reads")
    func controlStrings() {
        var decoder = KeyDecoder()
        let first = decoder.decode(Array("a\u{1B}]0;tit".utf8))
        let second = decoder.decode(Array("le\u{7}b\u{1B}P1$r0m\u{1B}\\c".utf8))
        #expect(first + second == [.character("a"), .character("b"), .character("c")])
    }

    @Test("Invalid UTF-8 and stray bytes are dropped, valid text around them kept")
    func invalidBytes() {
        let bytes: [UInt8] = [0x61, 0xFF, 0x80, 0xC3, 0x62, 0xE4, 0xB8, 0x00, 0x63]
        #expect(decodeAll(bytes) == [.character("a"), .character("b"), .character("c")])
    }

    @Test("A sequence that never ends cannot hold the decoder: it is dropped")
    func runawaySequence() {
        var decoder = KeyDecoder()
        let garbage = [0x1B, 0x5B] + [UInt8](repeating: 0x30, count: 100)
        _ = decoder.decode(garbage)
        #expect(decoder.decode(Array("x".utf8)).last == .character("x"))
        #expect(!decoder.hasPending)
        #expect(decoder.flush().isEmpty)
    }

    @Test("Key names for hints")
    func names() {
        #expect(Key.ctrl("c").description == "^C")
        #expect(Key(.up, modifiers: .shift).description == "S-↑")
        #expect(Key.escape.description == "Esc")
        #expect(Key.character("a").description == "a")
    }
}

@Suite("Key decoding: bracketed paste")
struct BracketedPasteTests {
    static let start = Array("\u{1B}[200~".utf8)
    static let end = Array("\u{1B}[201~".utf8)

    @Test(
        "H12: a bracketed paste is one event; Tab, newline, Escape and arrows inside are text"
    )
    func onePaste() {
        var decoder = KeyDecoder()
        let bytes =
            Array("x".utf8) + Self.start + Array("a\tb\u{1B}[Bc\r\n熊\u{1B}".utf8) + Self.end
            + Array("y\t".utf8)
        #expect(
            decoder.decode(bytes) + decoder.flush() == [
                .character("x"), .paste("a\tb\u{1B}[Bc\r\n熊\u{1B}"), .character("y"), .tab,
            ])
    }

    @Test("H12: a paste split across reads at any byte is the same one event")
    func splitAcrossReads() {
        let bytes = Self.start + Array("熊a\u{1B}\tb".utf8) + Self.end + Array("z".utf8)
        for split in 0...bytes.count {
            var decoder = KeyDecoder()
            let keys = decoder.decode(bytes[..<split]) + decoder.decode(bytes[split...])
            #expect(keys == [.paste("熊a\u{1B}\tb"), .character("z")], "split at \(split)")
        }
        var decoder = KeyDecoder()
        let keys = bytes.flatMap { decoder.decode([$0]) }
        #expect(keys == [.paste("熊a\u{1B}\tb"), .character("z")], "a byte per read")
    }

    @Test(
        "H12: an unterminated paste waits, then is handed on whole by flush; keys work again after"
    )
    func unterminated() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Self.start + Array("abc\t".utf8)).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.isInPaste)
        #expect(decoder.decode(Array("\u{1B}[20".utf8)).isEmpty)  // Perhaps the end marker.
        #expect(decoder.flush() == [.paste("abc\t")])
        #expect(!decoder.hasPending)
        #expect(decoder.decode(Array("\t".utf8)) == [.tab])
    }

    @Test(
        "H12: a paste of 2.5 MB comes in pieces of at most 1 MiB, nothing lost, no character split"
    )
    func hugePaste() {
        var decoder = KeyDecoder()
        let text = String(repeating: "熊a", count: 625_000)
        let keys = decoder.decode(Self.start + Array(text.utf8) + Self.end)
        var joined = ""
        for key in keys {
            guard case .paste(let piece) = key.code else {
                Issue.record("not a paste: \(key)")
                continue
            }
            #expect(piece.utf8.count <= KeyDecoder.maximumPasteChunk)
            #expect(!piece.contains("\u{FFFD}"))
            joined += piece
        }
        #expect(keys.count == 3)
        #expect(joined == text)
    }
}
