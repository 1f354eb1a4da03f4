/// One positional argument of a command, such as the `FILE` of `show FILE`.
public struct PositionalSpec: Hashable, Sendable {
    /// How many times the argument may appear.
    public enum Arity: Hashable, Sendable {
        /// Exactly once.
        case required
        /// Zero or one time.
        case optional
        /// Any number of times; only the last positional may be variadic.
        case variadic
    }

    /// The name, shown as `<name>` in help and used to look the value up.
    public var name: String
    /// How many times it may appear.
    public var arity: Arity
    /// One sentence for the help text.
    public var help: String

    /// Creates a positional argument.
    public init(_ name: String, arity: Arity = .required, help: String) {
        self.name = name
        self.arity = arity
        self.help = help
    }

    /// How the argument is written in usage lines: `<file>`, `[<file>]` or `<file> ...`.
    public var synopsis: String {
        switch arity {
        case .required: "<\(name)>"
        case .optional: "[<\(name)>]"
        case .variadic: "[<\(name)> ...]"
        }
    }
}
