/// A command or subcommand: what it accepts and how its help reads.
///
/// A tool is one root `CommandSpec`; a tool with subcommands (`git`-style) lists them in
/// ``subcommands`` and takes no positional arguments of its own. Every command accepts
/// `-h`/`--help`; the root's ``version``, when set, enables `--version` everywhere.
public struct CommandSpec: Hashable, Sendable {
    /// The name: the executable's name for the root, the word typed for a subcommand.
    public var name: String
    /// One line saying what the command does, shown in help and in the parent's list.
    public var abstract: String
    /// More help shown after the options, or empty. Lines are kept as written.
    public var discussion: String
    /// The named options, in the order help lists them.
    public var options: [OptionSpec]
    /// The positional arguments, in order. At most the last one is variadic.
    public var positionals: [PositionalSpec]
    /// The subcommands, in the order help lists them.
    public var subcommands: [CommandSpec]
    /// The text `--version` prints, or nil when the tool has no `--version`. Only read on the
    /// root command.
    public var version: String?
    /// Usage lines that replace the generated one, without the command path (e.g.
    /// `"(<file> | --app <name>)"`), for when the rules are more than the parser checks.
    public var usageOverride: [String]

    /// Creates a command.
    public init(
        name: String, abstract: String, discussion: String = "", options: [OptionSpec] = [],
        positionals: [PositionalSpec] = [], subcommands: [CommandSpec] = [], version: String? = nil,
        usageOverride: [String] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.positionals = positionals
        self.subcommands = subcommands
        self.version = version
        self.usageOverride = usageOverride
        checkInvariants()
    }

    /// The option with the long name `name`, or nil.
    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    /// The option with the short name `short`, or nil.
    func option(short: Character) -> OptionSpec? {
        options.first { $0.shortName == short }
    }

    /// The subcommand called `name`, or nil.
    func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// A spec is a programmer's table, so its mistakes are caught in debug builds, where
    /// the tool's own tests run, rather than reported to users.
    private func checkInvariants() {
        assert(!name.isEmpty, "a command needs a name")
        assert(Set(options.map(\.name)).count == options.count, "\(name): two options share a name")
        assert(!options.contains { $0.name == "help" || $0.shortName == "h" }, "\(name): --help is built in")
        assert(!options.contains { $0.name == "version" }, "\(name): --version is built in")
        assert(
            !positionals.dropLast().contains { $0.arity == .variadic },
            "\(name): only the last positional may be variadic")
        assert(
            subcommands.isEmpty || positionals.isEmpty,
            "\(name): a command has either subcommands or positionals")
    }
}
