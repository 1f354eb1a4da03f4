/// What a restore pass knows of a path before it restores it (R13c): the object that
/// exists there, and, for the path of a first occurrence, how many siblings share its
/// identifier so far.
struct ExistingEntry {
    var object: (any RestorableObject)?
    var occurrences = 0

    /// A text that names `path` exactly, to key a dictionary: each component's identifier
    /// after its length in UTF-8 bytes, then its occurrence. Not the path itself: the first
    /// dictionary keyed by one of the engine's own types makes the runtime look for its
    /// `Hashable` conformance through every conformance record of the process, a third of a
    /// million instructions before a restored first frame (rule P2); `String`'s is known.
    static func key(_ path: RestorationPath) -> String {
        // Bytes first, one text at the end: appending to a `String` piece by piece cost ten
        // thousand instructions a key.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(96)
        for component in path.components {
            let utf8 = component.identifier.utf8
            appendDecimal(utf8.count, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "#"))
            appendDecimal(component.occurrence, to: &bytes)
            bytes.append(UInt8(ascii: "/"))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value`'s decimal digits.
    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        var remaining = magnitude
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(remaining / divisor))
            remaining %= divisor
            divisor /= 10
        } while divisor > 0
    }
}
