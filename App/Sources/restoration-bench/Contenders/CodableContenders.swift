import Foundation

/// `JSONEncoder` and `JSONDecoder` with their default strategies, reused across runs.
///
/// Encode builds a ``NodeSnapshot`` of the live tree and encodes it; decode decodes it
/// and builds the live tree.
@MainActor
final class JSONContender: Contender {
    let library = Library.json
    private let tree: BenchTree
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    init(tree: BenchTree) {
        self.tree = tree
    }

    func encode() throws -> EncodedBytes {
        .data(try encoder.encode(NodeSnapshot(tree.root)))
    }

    func decode(_ encoded: EncodedBytes, slot: Int) throws -> BenchNode {
        guard case .data(let data) = encoded else { throw BenchError.wrongBytes(library: library) }
        return try decoder.decode(NodeSnapshot.self, from: data).makeNode()
    }
}

/// `PropertyListEncoder` (binary format) and `PropertyListDecoder`, reused across runs.
@MainActor
final class PropertyListContender: Contender {
    let library = Library.propertyList
    private let tree: BenchTree
    private let encoder: PropertyListEncoder = {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        return encoder
    }()
    private let decoder = PropertyListDecoder()

    init(tree: BenchTree) {
        self.tree = tree
    }

    func encode() throws -> EncodedBytes {
        .data(try encoder.encode(NodeSnapshot(tree.root)))
    }

    func decode(_ encoded: EncodedBytes, slot: Int) throws -> BenchNode {
        guard case .data(let data) = encoded else { throw BenchError.wrongBytes(library: library) }
        return try decoder.decode(NodeSnapshot.self, from: data).makeNode()
    }
}
