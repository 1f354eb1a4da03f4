/// How many colours a terminal shows, from what its environment says.
///
/// Terminals do not report it themselves; the convention is the environment:
/// `COLORTERM=truecolor` (or `24bit`) for 24-bit colour, a `TERM` ending in `256color`
/// for xterm's 256, and `NO_COLOR` (set, not empty: https://no-color.org) for none.
public enum ColorDepth: Int, Comparable, Hashable, Sendable, CaseIterable {
    /// No colour at all (`NO_COLOR`): attributes only.
    case none
    /// The eight basic colours and grey, which every colour terminal has.
    case basic
    /// xterm's 256 colours.
    case indexed256
    /// 24-bit colour.
    case trueColor

    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The depth `environment` declares: none under `NO_COLOR`, 24-bit for a `COLORTERM`
    /// of `truecolor` or `24bit`, 256 for a `TERM` with `256color` in it or any other
    /// `COLORTERM`, the basic colours otherwise.
    public static func detect(environment: [String: String]) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        if (environment["TERM"] ?? "").lowercased().contains("256color") || !colorTerm.isEmpty {
            return .indexed256
        }
        return .basic
    }
}
