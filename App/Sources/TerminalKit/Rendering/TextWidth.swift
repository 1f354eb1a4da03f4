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
        measurementCounter?.add()
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

    /// The columns a string takes.
    public static func of(_ string: some StringProtocol) -> Int {
        var total = 0
        for character in string { total += of(character) }
        return total
    }

    /// The longest prefix of `string` that fits in `width` columns.
    public static func prefix(of string: some StringProtocol, fitting width: Int) -> Substring {
        let text = Substring(string)
        var used = 0
        var end = text.startIndex
        while end < text.endIndex {
            let next = of(text[end])
            if used + next > width { break }
            used += next
            end = text.index(after: end)
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
            if piece.isEmpty { piece = rest.prefix(1) }
            if piece.endIndex < rest.endIndex, rest[piece.endIndex] == " " {
                result.append(String(piece))
                rest = rest[rest.index(after: piece.endIndex)...]
            } else if piece.endIndex < rest.endIndex, let space = piece.lastIndex(of: " "),
                space > piece.startIndex
            {
                result.append(String(rest[rest.startIndex..<space]))
                rest = rest[rest.index(after: space)...]
            } else {
                result.append(String(piece))
                rest = rest[piece.endIndex...]
            }
        }
        return result
    }

    /// The string cut to `width` columns, ending with `…` when it was cut. Measures no
    /// more of the string than fits, so a long text costs what the width costs.
    public static func truncate(_ string: some StringProtocol, to width: Int) -> String {
        guard width > 0 else { return "" }
        var used = 0
        var index = string.startIndex
        var fitting = string.startIndex  // The end of the longest prefix that leaves room for `…`.
        while index < string.endIndex {
            used += of(string[index])
            if used > width { return String(string[string.startIndex..<fitting]) + "…" }
            index = string.index(after: index)
            if used <= width - 1 { fitting = index }
        }
        return String(string)
    }
}

/// A count of width measurements (see ``TextWidth/measurementCounter``).
package final class WidthMeasurementCounter: Sendable {
    private let value = Atomic<Int>(0)

    /// Creates a counter at zero.
    package init() {}

    /// The characters measured so far.
    package var count: Int { value.load(ordering: .relaxed) }

    /// Sets the count back to zero.
    package func reset() { value.store(0, ordering: .relaxed) }

    func add() { value.wrappingAdd(1, ordering: .relaxed) }
}
