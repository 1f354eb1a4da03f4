/// What ``CrashStateExplorer`` found for one scenario under one model (rule X2).
public struct CrashStateReport: Sendable {
    /// The scenario's name.
    public var scenario: String
    /// The model.
    public var model: CrashModel
    /// How many file-system operations the scenario recorded.
    public var operationCount: Int
    /// How many distinct power-loss states were materialised and checked.
    public var explored: Int
    /// The states that did not give the old or the new files, whole.
    public var bad: [BadCrashState]

    /// One line: scenario, model, operations, states, bad states.
    public var summary: String {
        "\(scenario) [\(model.rawValue)]: \(operationCount) operations, \(explored) states, \(bad.count) bad"
    }
}

/// A power-loss state that broke the promise: an item neither old nor new, or a launch
/// that lost the archive.
public struct BadCrashState: Sendable, CustomStringConvertible {
    /// The scenario's name.
    public var scenario: String
    /// The model.
    public var model: CrashModel
    /// The power went after this many operations.
    public var afterOperations: Int
    /// The operations up to the loss, one per line.
    public var operations: [String]
    /// The files the loss left.
    public var files: String
    /// What is wrong.
    public var problem: String

    public var description: String {
        """
        bad state: \(scenario) [\(model.rawValue)], power lost after operation \(afterOperations):
          \(operations.joined(separator: "\n  "))
          files: \(files.isEmpty ? "none" : files)
          problem: \(problem)
        """
    }
}
