import ArchiveInspector
import Foundation
import Testing

@Suite("A1: values in text")
struct ValueFormattingTests {
    let formatter = ValueFormatter()

    @Test(
        "A1: every value is shown with its type",
        arguments: [
            (InspectedValue.bool(true), "Bool = true"),
            (.int(-3), "Int = -3"),
            (.uint(UInt64.max), "UInt = 18446744073709551615"),
            (.double(0.1), "Double = 0.1"),
            (.double(.nan), "Double = nan"),
            (.date(Date(timeIntervalSince1970: 0)), "Date = 1970-01-01T00:00:00Z"),
            (.data(Data()), "Data = 0 bytes"),
            (.data(Data([0xAB])), "Data = 1 byte: ab"),
            (.array([]), "Array = []"),
            (.array([.int(1), .string("a")]), "[Any] = [1, \"a\"]"),
            (.array([.array([.int(1)])]), "[[Int]] = [[1]]"),
            (.dictionary([:]), "Dictionary = [:]"),
            (
                .dictionary(["b": .bool(false), "a": .bool(true)]),
                "[String: Bool] = [\"a\": true, \"b\": false]"
            ),
            (.reference(path: "Nav/List", index: 1), "Reference = → Nav/List"),
            (.reference(path: nil, index: nil), "Reference = nil"),
            (.codable(Data([0xFF, 0xFE])), "Codable = 2 bytes: ff fe"),
        ])
    func typed(value: InspectedValue, expected: String) {
        #expect(formatter.typed(value) == expected)
    }

    @Test("A1: Data shows its size and the first 16 bytes in hex")
    func dataPreview() {
        let text = formatter.format(.data(Data(repeating: 0x0F, count: 1000)))
        #expect(text == "1000 bytes: " + Array(repeating: "0f", count: 16).joined(separator: " ") + " …")
    }

    @Test("A1: control characters and bidi overrides are escaped; Chinese and emoji are not")
    func escapes() {
        let text = formatter.format(.string("a\u{1B}[31m\u{202E}b\t名字👩‍💻"))
        #expect(text == "\"a\\u{1b}[31m\\u{202e}b\\t名字👩‍💻\"")
    }

    @Test("A1: a long string is cut, saying how long it was")
    func longString() {
        let text = formatter.format(.string(String(repeating: "x", count: 500)))
        #expect(text == "\"" + String(repeating: "x", count: 200) + "… (500 characters)\"")
    }

    @Test("A1: a long array shows its first elements and how many more")
    func longArray() {
        let text = formatter.format(.array((0..<40).map { .int(Int64($0)) }))
        #expect(text.hasSuffix(", 31, … 8 more]"))
    }
}
