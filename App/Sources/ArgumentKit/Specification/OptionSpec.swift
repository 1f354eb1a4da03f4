/// One named option of a command: a flag (`--json`) or an option that takes a value
/// (`--data-dir DIR`, `--data-dir=DIR`).
public struct OptionSpec: Hashable, Sendable {
    /// The long name, without the dashes: `"data-dir"` for `--data-dir`.
    public var name: String
    /// A one-letter alias used as `-x`, or nil.
    public var shortName: Character?
    /// The placeholder shown in help for the value (`"dir"` shows `--data-dir <dir>`), or nil
    /// for a flag, which takes no value.
    public var valueName: String?
    /// The values accepted, or empty for any. A value outside the list is a usage error with
    /// a did-you-mean suggestion.
    public var allowedValues: [String]
    /// The value the command uses when the option is absent, shown in help. Informational:
    /// the parser does not fill it in.
    public var defaultValue: String?
    /// One sentence for the help text.
    public var help: String

    /// A flag: present or absent, never with a value.
    /// - Parameters:
    ///   - name: The long name without dashes.
    ///   - shortName: A one-letter alias, or nil.
    ///   - help: One sentence for the help text.
    public static func flag(_ name: String, short shortName: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(
            name: name, shortName: shortName, valueName: nil, allowedValues: [], defaultValue: nil, help: help
        )
    }

    /// An option that takes a value, given as `--name value` or `--name=value`.
    /// - Parameters:
    ///   - name: The long name without dashes.
    ///   - shortName: A one-letter alias, or nil.
    ///   - valueName: The placeholder for the value in help, e.g. `"dir"`.
    ///   - allowedValues: The accepted values, or empty for any.
    ///   - defaultValue: What the command uses when the option is absent, for help only.
    ///   - help: One sentence for the help text.
    public static func option(
        _ name: String, short shortName: Character? = nil, valueName: String,
        allowedValues: [String] = [], defaultValue: String? = nil, help: String
    ) -> OptionSpec {
        OptionSpec(
            name: name, shortName: shortName, valueName: valueName, allowedValues: allowedValues,
            defaultValue: defaultValue, help: help)
    }

    /// True for a flag, which takes no value.
    public var isFlag: Bool { valueName == nil }

    /// How the option is written in usage lines and messages: `--data-dir <dir>` or `--fresh`.
    public var synopsis: String {
        guard let valueName else { return "--\(name)" }
        return "--\(name) <\(valueName)>"
    }
}
