/// What the command line asked for: the command chosen and the values given to it.
public struct ParsedCommand: Hashable, Sendable {
    /// The command chosen, root first: `["restoration-archive", "show"]`.
    public let commandPath: [String]
    /// The chosen command's spec.
    public let spec: CommandSpec
    /// Each option's values in the order given, by long name. A flag given twice has two
    /// empty-string entries.
    let optionValues: [String: [String]]
    /// Each positional's values, by name.
    let positionalValues: [String: [String]]

    init(
        commandPath: [String], spec: CommandSpec, optionValues: [String: [String]],
        positionalValues: [String: [String]]
    ) {
        self.commandPath = commandPath
        self.spec = spec
        self.optionValues = optionValues
        self.positionalValues = positionalValues
    }

    /// The subcommand's name, or nil when the root command itself runs.
    public var subcommand: String? {
        commandPath.count > 1 ? commandPath.last : nil
    }

    /// True if the flag `name` was given.
    public func flag(_ name: String) -> Bool {
        assertDeclaredOption(name)
        return optionValues[name] != nil
    }

    /// The value of option `name` (the last one if given more than once), or nil.
    public func value(_ name: String) -> String? {
        values(name).last
    }

    /// Every value of option `name`, in the order given.
    public func values(_ name: String) -> [String] {
        assertDeclaredOption(name)
        return optionValues[name] ?? []
    }

    /// The value of option `name` converted to `T`, or nil when absent.
    /// - Throws: ``UsageError`` (`invalidValue`) naming the option when the text does not
    ///   convert, e.g. `--random-items ten`.
    public func value<T: LosslessStringConvertible>(_ name: String, as type: T.Type) throws(UsageError) -> T?
    {
        guard let text = value(name) else { return nil }
        return try convert(text, of: name, expecting: Self.describe(T.self)) { T($0) }
    }

    /// The value of option `name` as a whole number in `range`, or nil when absent.
    /// - Throws: ``UsageError`` (`invalidValue`) naming the option and the range, one
    ///   message for every bad value, words and numbers beyond `Int` alike.
    public func wholeNumber(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        return try wholeNumber(text, of: name, in: range)
    }

    /// Every value of option `name`, in the order given, as whole numbers in `range`.
    /// - Throws: ``UsageError`` for the first value that is not, as ``wholeNumber(_:in:)``.
    public func wholeNumbers(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> [Int] {
        var numbers: [Int] = []
        for text in values(name) { numbers.append(try wholeNumber(text, of: name, in: range)) }
        return numbers
    }

    private func wholeNumber(_ text: String, of name: String, in range: ClosedRange<Int>) throws(UsageError)
        -> Int
    {
        let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        return try convert(text, of: name, expecting: expected) { text in
            Int(text).flatMap { range.contains($0) ? $0 : nil }
        }
    }

    /// `text`, given to option `name`, converted by `conversion`.
    /// - Throws: ``UsageError`` (`invalidValue`) saying what was `expected` when it does not.
    private func convert<T>(
        _ text: String, of name: String, expecting expected: String, _ conversion: (String) -> T?
    ) throws(UsageError) -> T {
        guard let converted = conversion(text) else {
            let synopsis = spec.option(named: name)?.synopsis ?? "--\(name)"
            throw usageError(
                .invalidValue(option: synopsis, value: text, reason: "expected \(expected)", suggestion: nil))
        }
        return converted
    }

    /// The positional argument `name`, or nil when it was optional and not given.
    public func positional(_ name: String) -> String? {
        positionals(name).first
    }

    /// Every value of the positional `name` (for a variadic one).
    public func positionals(_ name: String) -> [String] {
        assertDeclaredPositional(name)
        return positionalValues[name] ?? []
    }

    /// A usage error in this command, for a rule the tool checks itself (two options that
    /// exclude each other, a number out of range), so it renders like the parser's.
    public func usageError(_ kind: UsageError.Kind) -> UsageError {
        UsageError(kind, commandPath: commandPath)
    }

    private static func describe<T>(_ type: T.Type) -> String {
        switch type {
        case is any FixedWidthInteger.Type: "an integer"
        case is any BinaryFloatingPoint.Type: "a number"
        default: "a value of type \(T.self)"
        }
    }

    /// Looking up a name the spec does not declare is a typo in the tool, which would
    /// otherwise read as "not given" forever.
    private func assertDeclaredOption(_ name: String) {
        assert(spec.option(named: name) != nil, "\(commandPath): no option '\(name)' is declared")
    }

    private func assertDeclaredPositional(_ name: String) {
        assert(spec.positionals.contains { $0.name == name }, "\(commandPath): no positional '\(name)'")
    }
}
