import Foundation

/// Item keys as text: the `item_key` column and the photo file names.
///
/// The text form is the canonical lowercase UUID (`8-4-4-4-12` hex digits). Text from
/// outside (a file name, a row edited with `sqlite3`) becomes a key only through
/// ``parse(_:)``, which accepts that form and nothing else, so a key can never be a path
/// such as `../x`.
public enum ItemKey {
    /// The canonical text of `key`.
    public static func text(_ key: UUID) -> String {
        key.uuidString.lowercased()
    }

    /// The key written as `text`, or nil unless `text` is exactly 36 characters of
    /// `8-4-4-4-12` hexadecimal digits (either case).
    public static func parse(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8(parse)
    }

    /// The same rule over raw bytes (the database hands out UTF-8).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard bytes.count == 36 else { return nil }
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var byte = 0
        var index = 0
        var ok = true
        withUnsafeMutableBytes(of: &raw) { output in
            while index < 36 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    if bytes[index] != UInt8(ascii: "-") {
                        ok = false
                        return
                    }
                    index += 1
                    continue
                }
                guard let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1]) else {
                    ok = false
                    return
                }
                output[byte] = high << 4 | low
                byte += 1
                index += 2
            }
        }
        return ok ? UUID(uuid: raw) : nil
    }

    private static func hexValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
