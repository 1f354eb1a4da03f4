import Foundation

extension Item {
    /// The book's adjectives (`BNRItem randomItem`).
    public static let randomAdjectives = ["Fluffy", "Rusty", "Shiny"]
    /// The book's nouns.
    public static let randomNouns = ["Bear", "Spork", "Mac"]

    /// The book's random item: `"<adjective> <noun>"`, a serial of digit, letter, digit,
    /// letter, digit (`"0A1B2"`), and a value of 0 to 99 dollars (`arc4random() % 100`).
    ///
    /// Everything, the key included, comes from `generator`, so a
    /// ``SeededRandomNumberGenerator`` gives the same items on every run and platform (the
    /// choices use plain modulo arithmetic, not the standard library's algorithms, which
    /// may change between releases).
    public static func random<Generator: RandomNumberGenerator>(
        using generator: inout Generator, dateCreated: Date = Date()
    ) -> Item {
        func pick(_ count: Int) -> Int {
            Int(generator.next() % UInt64(count))
        }
        func digit() -> Character {
            Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(pick(10))))
        }
        func letter() -> Character {
            Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8(pick(26))))
        }
        let name = randomAdjectives[pick(randomAdjectives.count)] + " " + randomNouns[pick(randomNouns.count)]
        let serial = String([digit(), letter(), digit(), letter(), digit()])
        let value = pick(100)
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in stride(from: 0, to: 16, by: 8) {
            withUnsafeBytes(of: generator.next().littleEndian) { word in
                bytes.replaceSubrange(index..<index + 8, with: word)
            }
        }
        bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
        bytes[8] = bytes[8] & 0x3F | 0x80  // RFC 4122 variant
        let key = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return Item(
            key: key, name: name, serialNumber: serial, valueInDollars: value, dateCreated: dateCreated)
    }
}
