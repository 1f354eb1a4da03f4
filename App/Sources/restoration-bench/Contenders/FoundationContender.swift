import Foundation

/// A Foundation `Codable` coder pair, reused across runs: `JSONEncoder` and `JSONDecoder`
/// with their default strategies, or `PropertyListEncoder` (binary format) and
/// `PropertyListDecoder`.
///
/// Encode builds a ``NodeSnapshot`` of the live tree and encodes it; decode decodes it
/// and builds the live tree.
@MainActor
final class CodableContender: Contender {
    let library: Library
    private let tree: BenchTree
    private let encoder: (NodeSnapshot) throws -> Data
    private let decoder: (Data) throws -> NodeSnapshot

    private init(
        library: Library, tree: BenchTree, encoder: @escaping (NodeSnapshot) throws -> Data,
        decoder: @escaping (Data) throws -> NodeSnapshot
    ) {
        self.library = library
        self.tree = tree
        self.encoder = encoder
        self.decoder = decoder
    }

    /// `JSONEncoder` and `JSONDecoder`.
    static func json(tree: BenchTree) -> CodableContender {
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        return CodableContender(
            library: .json, tree: tree, encoder: { try encoder.encode($0) },
            decoder: { try decoder.decode(NodeSnapshot.self, from: $0) })
    }

    /// `PropertyListEncoder` in its binary format, and `PropertyListDecoder`.
    static func propertyList(tree: BenchTree) -> CodableContender {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let decoder = PropertyListDecoder()
        return CodableContender(
            library: .propertyList, tree: tree, encoder: { try encoder.encode($0) },
            decoder: { try decoder.decode(NodeSnapshot.self, from: $0) })
    }

    func encode() throws -> EncodedBytes {
        .data(try encoder(NodeSnapshot(tree.root)))
    }

    func decode(_ encoded: EncodedBytes, slot: Int) throws -> BenchNode {
        guard case .data(let data) = encoded else { throw BenchError.wrongBytes(library: library) }
        return try decoder(data).makeNode()
    }
}
