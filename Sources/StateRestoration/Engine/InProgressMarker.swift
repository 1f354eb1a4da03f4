/// What the in-progress marker says (rules R18, R27, R28): that a restore is under way,
/// and where it is, so that a death there costs that subtree and not the whole archive.
///
/// ```
/// restoring
/// phase decode
/// subtree NavigationController/DetailViewController
/// excluding NavigationController/NavigationController
/// end
/// ```
///
/// Lines after `end` are ignored: the marker is rewritten in place as the restore moves on
/// (``RestorationStorage/overwrite(_:in:)``), and a shorter text leaves the old tail behind.
/// A marker that does not read so (a bare `restoring`, as before R28, or a torn one) says
/// only that a restore died, somewhere.
struct InProgressMarker: Hashable, Sendable {
    /// Which part of the restore: `create` (phase 1), `decode` (phase 2), `finish`
    /// (`applicationFinishedRestoringState`), `application` (the app delegate's
    /// `didDecodeRestorableState`), `deferred` (waiting for ``RestorationExtension``s).
    var phase: String
    /// The subtree being restored, as its path's text; nil for the whole tree.
    var subtree: String?
    /// The subtree this launch leaves out because the last one died in it.
    var excluding: String?

    /// The marker's text.
    var bytes: [UInt8] {
        var text = "restoring\nphase \(phase)\n"
        if let subtree { text += "subtree \(Self.escaped(subtree))\n" }
        if let excluding { text += "excluding \(Self.escaped(excluding))\n" }
        text += "end\n"
        return Array(text.utf8)
    }

    /// The marker in `bytes`, or nil if it is not one written so (a bare or torn marker).
    init?(bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        guard lines.next() == "restoring" else { return nil }
        var phase: String?
        var subtree: String?
        var excluding: String?
        while let line = lines.next() {
            if line == "end" {
                guard let phase else { return nil }
                self.init(phase: phase, subtree: subtree, excluding: excluding)
                return
            }
            if line.hasPrefix("phase ") {
                phase = String(line.dropFirst(6))
            } else if line.hasPrefix("subtree ") {
                subtree = Self.unescaped(line.dropFirst(8))
            } else if line.hasPrefix("excluding ") {
                excluding = Self.unescaped(line.dropFirst(10))
            } else {
                return nil
            }
        }
        return nil
    }

    init(phase: String, subtree: String? = nil, excluding: String? = nil) {
        self.phase = phase
        self.subtree = subtree
        self.excluding = excluding
    }

    /// A path's text on one line: `\` and line breaks escaped.
    static func escaped(_ text: String) -> String {
        // By UTF-8 byte, not by Character: a restore writes one marker per subtree, and
        // grapheme breaking cost 20,000 instructions a path (rule P2). The bytes escaped
        // are ASCII, so no character is split.
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == 0x0A || $0 == 0x0D }) else {
            return text
        }
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count + 8)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\\"): result += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: result += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: result += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    static func unescaped(_ text: Substring) -> String {
        var result = ""
        var escape = false
        for character in text {
            if escape {
                result.append(character == "n" ? "\n" : character == "r" ? "\r" : character)
                escape = false
            } else if character == "\\" {
                escape = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
