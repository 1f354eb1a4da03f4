import HomepwnerCore
import TestSupport
import Testing

/// Image files made in the tests: a minimal PNG encoder (stored, uncompressed deflate
/// blocks, so the pixels are exactly what the test says) and a JPEG fixture.
enum ImageFiles {
    /// A `width` × `height` progressive JPEG of `scans` scans: libjpeg's ten, then its last
    /// scan (a refinement of the luma) again until there are `scans`, as a crafted file
    /// repeats one; each is a pass over the whole image.
    static func progressiveJPEG(width: Int, height: Int, scans: Int) throws -> [UInt8] {
        let bytes = try #require(ImageDecoder.gradientJPEG(width: width, height: height, progressive: true))
        let starts = (0..<(bytes.count - 1)).filter { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }
        let last = try #require(starts.last)
        try #require(starts.count <= scans && bytes.suffix(2) == [0xFF, 0xD9])
        let scan = bytes[last..<(bytes.count - 2)]
        var result = Array(bytes.dropLast(2))
        for _ in starts.count..<scans { result += scan }
        return result + [0xFF, 0xD9]
    }

    /// A PNG of `width × height`, 8-bit RGB (colour type 2) or RGBA (6).
    static func png(width: Int, height: Int, alpha: Bool = false, pixel: (Int, Int) -> [UInt8]) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width { raw += pixel(x, y).prefix(alpha ? 4 : 3) }
        }
        return pngHeader(width: width, height: height, colourType: alpha ? 6 : 2)
            + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    /// The signature and IHDR of a PNG, then an IDAT that holds no real data: enough for a
    /// decoder to read the size.
    static func pngHeaderOnly(width: Int, height: Int) -> [UInt8] {
        pngHeader(width: width, height: height, colourType: 2) + chunk("IDAT", [0x78, 0x01])
            + chunk("IEND", [])
    }

    /// 32 × 16 pixels, quadrants red (top left), green (top right), blue (bottom left) and
    /// white (bottom right).
    static let quadrantsPNG = png(width: 32, height: 16) { x, y in
        switch (x < 16, y < 8) {
        case (true, true): [255, 0, 0]
        case (false, true): [0, 255, 0]
        case (true, false): [0, 0, 255]
        case (false, false): [255, 255, 255]
        }
    }

    /// 400 × 300 pixels (4:3), orange left of the middle, blue right of it: a photo larger
    /// than any screen shows it.
    static let fourByThreePNG = png(width: 400, height: 300) { x, _ in
        x < 200 ? [255, 135, 0] : [0, 0, 255]
    }

    /// 32 × 16 pixels, left half red, right half blue; baseline JPEG, quality 90, written
    /// once with libjpeg (`cjpeg`-style defaults, 4:2:0).
    static let redBlueJPEG: [UInt8] = Array(
        base64: """
            /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQ
            ERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQU
            FBQUFBQUFBQUFBQUFBT/wAARCAAQACADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAAAAcI/8QAFBABAAAAAAAAAAAA
            AAAAAAAAAP/EABUBAQEAAAAAAAAAAAAAAAAAAAkH/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AzoAhhU0C
            AOMHR//Z
            """)

    private static func pngHeader(width: Int, height: Int, colourType: UInt8) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, colourType, 0, 0, 0])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(CRC32Reference.checksum(typeAndData))
    }

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            output += [
                final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF),
                UInt8((~count >> 8) & 0xFF),
            ]
            output += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return output + bigEndian(b << 16 | a)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}

extension Array where Element == UInt8 {
    /// Decodes base64 (test fixtures only; invalid input gives an empty array).
    init(base64: String) {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var table = [Int](repeating: -1, count: 256)
        for (index, character) in alphabet.enumerated() { table[Int(character)] = index }
        var output: [UInt8] = []
        var buffer = 0
        var bits = 0
        for character in base64.utf8 {
            let value = table[Int(character)]
            if value < 0 { continue }
            buffer = buffer << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8((buffer >> bits) & 0xFF))
            }
        }
        self = output
    }
}
