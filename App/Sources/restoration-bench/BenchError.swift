/// Why a benchmark run stopped: a library did not give back what it was given, or failed.
enum BenchError: Error, CustomStringConvertible {
    /// A library's decoded tree differs from the tree it encoded.
    case roundTripMismatch(library: Library, nodes: Int, decodedNodes: Int)
    /// A library reported something that makes its figures meaningless.
    case unclean(library: Library, nodes: Int, problems: [String])
    /// A library threw.
    case failed(library: Library, nodes: Int, operation: String, reason: String)
    /// The floor's bytes are malformed (a bug in the floor itself).
    case malformedFloor(offset: Int, reason: String)
    /// The bytes handed to a decoder were of the wrong kind (a bug in the runner).
    case wrongBytes(library: Library)

    var description: String {
        switch self {
        case .roundTripMismatch(let library, let nodes, let decodedNodes):
            "\(library.rawValue) at \(nodes) objects: the decoded tree (\(decodedNodes) objects) "
                + "differs from the saved one"
        case .unclean(let library, let nodes, let problems):
            "\(library.rawValue) at \(nodes) objects: "
                + problems.prefix(3).joined(separator: "; ")
                + (problems.count > 3 ? " (and \(problems.count - 3) more)" : "")
        case .failed(let library, let nodes, let operation, let reason):
            "\(library.rawValue) at \(nodes) objects: \(operation) failed: \(reason)"
        case .malformedFloor(let offset, let reason):
            "floor: malformed bytes at offset \(offset): \(reason)"
        case .wrongBytes(let library):
            "\(library.rawValue): handed bytes of the wrong kind"
        }
    }
}
