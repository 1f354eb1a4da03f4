import CTerminal
import Synchronization

/// Display widths of text in terminal columns: a Chinese character takes two, a combining
/// accent none.
///
/// Widths come from the C library's `wcwidth` through the `CTerminal` shim. That needs a
/// UTF-8 locale: the first use switches `LC_CTYPE` to the environment's locale, or to
/// `C.UTF-8` if that is not UTF-8, or else falls back to a built-in table of wide ranges.
public enum TextWidth {
    /// True if a UTF-8 locale is in effect (false: the built-in table is used).
    public static let usesLocale: Bool = cwidth_setup_locale() == 1

    /// The columns one character (grapheme cluster) takes: 0, 1 or 2. Control characters
    /// take 0; they are never drawn.
    public static func of(_ character: Character) -> Int {
        _ = usesLocale
        if let measurementCounter { measurementCounter.add(bytes: character.utf8.count) }
        var width = 0
        var first = true
        for scalar in character.unicodeScalars {
            let scalarWidth = Int(cwidth_scalar(scalar.value))
            if first {
                if scalarWidth < 0 { return 0 }
                width = scalarWidth
                first = false
            } else if scalar.value == 0xFE0F {
                width = 2  // Emoji presentation selector.
            } else if scalarWidth == 2 {
                width = 2
            }
        }
        if width == 0, character.unicodeScalars.count > 1 { width = 1 }
        // A flag is a pair of regional indicators: terminals draw it in two columns.
        if character.unicodeScalars.count == 2,
            character.unicodeScalars.allSatisfy({ (0x1F1E6...0x1F1FF).contains($0.value) })
        {
            width = 2
        }
        return min(width, 2)
    }

    /// Counts the characters measured by ``of(_:)-(Character)`` in the current task, when a
    /// test binds it: how tests check that work per key follows what is shown, not the
    /// length of the text (rule H14).
    @TaskLocal package static var measurementCounter: WidthMeasurementCounter?

    /// The columns one character of ``TextClusters`` takes (a piece of a longer cluster
    /// included): as ``of(_:)-(Character)``, from its scalars, without making a `Character`.
    package static func of(piece: Substring) -> Int {
        _ = usesLocale
        measurementCounter?.add(bytes: piece.utf8.count)
        var width = 0
        var count = 0
        for scalar in piece.unicodeScalars {
            let scalarWidth = Int(cwidth_scalar(scalar.value))
            if count == 0 {
                if scalarWidth < 0 { return 0 }
                width = scalarWidth
            } else if scalar.value == 0xFE0F || scalarWidth == 2 {
                width = 2  // An emoji presentation selector, or a wide scalar.
            }
            count += 1
        }
        if width == 0, count > 1 { width = 1 }
        // A flag is a pair of regional indicators: terminals draw it in two columns.
        if count == 2, piece.unicodeScalars.allSatisfy({ (0x1F1E6...0x1F1FF).contains($0.value) }) {
            width = 2
        }
        return min(width, 2)
    }

    /// The columns a string takes, measured by ``TextClusters`` characters: a cluster of a
    /// million combining marks costs what its bytes do, not a million times.
    public static func of(_ string: some StringProtocol) -> Int {
        var total = 0
        for piece in TextClusters.characters(of: Substring(string)) { total += of(piece: piece) }
        return total
    }

    /// The longest prefix of `string` that fits in `width` columns.
    public static func prefix(of string: some StringProtocol, fitting width: Int) -> Substring {
        let text = Substring(string)
        var used = 0
        var end = text.startIndex
        while end < text.endIndex {
            let after = TextClusters.index(after: end, in: text)
            let next = of(piece: text[end..<after])
            if used + next > width { break }
            used += next
            end = after
        }
        return text[text.startIndex..<end]
    }

    /// Breaks one line into rows of at most `width` cells, at spaces where it can (a word
    /// longer than a row is cut). An empty line is one empty row.
    public static func wrap(_ line: some StringProtocol, to width: Int) -> [String] {
        guard width > 0 else { return [String(line)] }
        var result: [String] = []
        var rest = Substring(line)
        if rest.isEmpty { return [""] }
        while !rest.isEmpty {
            var piece = prefix(of: rest, fitting: width)
            if piece.isEmpty { piece = rest[..<TextClusters.index(after: rest.startIndex, in: rest)] }
            if piece.endIndex < rest.endIndex, isSpace(at: piece.endIndex, in: rest) {
                result.append(String(piece))
                rest = rest[rest.utf8.index(after: piece.endIndex)...]
            } else if piece.endIndex < rest.endIndex,
                let space = piece.utf8.indices.last(where: { isSpace(at: $0, in: piece) }),
                space > piece.startIndex
            {
                result.append(String(rest[rest.startIndex..<space]))
                rest = rest[rest.utf8.index(after: space)...]
            } else {
                result.append(String(piece))
                rest = rest[piece.endIndex...]
            }
        }
        return result
    }

    /// True if a character that is a single space starts at `index` (a scalar boundary).
    private static func isSpace(at index: String.Index, in text: Substring) -> Bool {
        text.utf8[index] == 0x20
            && TextClusters.index(after: index, in: text) == text.utf8.index(after: index)
    }

    /// The string cut to `width` columns, ending with `…` when it was cut. Measures no
    /// more of the string than fits, so a long text costs what the width costs.
    public static func truncate(_ string: some StringProtocol, to width: Int) -> String {
        guard width > 0 else { return "" }
        let text = Substring(string)
        var used = 0
        var index = text.startIndex
        var fitting = text.startIndex  // The end of the longest prefix that leaves room for `…`.
        while index < text.endIndex {
            let after = TextClusters.index(after: index, in: text)
            used += of(piece: text[index..<after])
            if used > width { return String(text[text.startIndex..<fitting]) + "…" }
            index = after
            if used <= width - 1 { fitting = index }
        }
        return String(text)
    }
}

/// A count of width measurements (see ``TextWidth/measurementCounter``).
package final class WidthMeasurementCounter: Sendable {
    private let value = Atomic<Int>(0)
    private let byteValue = Atomic<Int>(0)

    /// Creates a counter at zero.
    package init() {}

    /// The characters measured so far.
    package var count: Int { value.load(ordering: .relaxed) }

    /// The UTF-8 bytes of the characters measured so far: the work, where one character
    /// can be long (a cluster of combining marks).
    package var bytes: Int { byteValue.load(ordering: .relaxed) }

    /// Runs `work` with a counter bound and returns the UTF-8 bytes it measured.
    @MainActor
    package static func bytes(measuredBy work: () throws -> Void) rethrows -> Int {
        let counter = WidthMeasurementCounter()
        try TextWidth.$measurementCounter.withValue(counter) { try work() }
        return counter.bytes
    }

    /// Sets the counts back to zero.
    package func reset() {
        value.store(0, ordering: .relaxed)
        byteValue.store(0, ordering: .relaxed)
    }

    func add(bytes: Int) {
        value.wrappingAdd(1, ordering: .relaxed)
        byteValue.wrappingAdd(bytes, ordering: .relaxed)
    }
}
