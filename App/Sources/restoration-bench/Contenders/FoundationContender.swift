import Foundation

/// A Foundation coder, reused across runs, on a tree of records made from the live tree:
/// `JSONEncoder` and `JSONDecoder` with their default strategies, or `PropertyListEncoder`
/// (binary format) and `PropertyListDecoder`, on ``NodeSnapshot``s; or `NSKeyedArchiver`
/// and `NSKeyedUnarchiver` with secure coding, what UIKit uses, on ``ArchivedNode``s.
///
/// Encode makes the records of the live tree and encodes them; decode decodes them and
/// builds the live tree (``NodeRecord/makeNode()``).
@MainActor
final class FoundationContender: Contender {
    let library: Library
    private let tree: BenchTree
    private let encoder: @MainActor (BenchNode) throws -> Data
    private let decoder: @MainActor (Data) throws -> BenchNode

    private init(
        library: Library, tree: BenchTree, encoder: @escaping @MainActor (BenchNode) throws -> Data,
        decoder: @escaping @MainActor (Data) throws -> BenchNode
    ) {
        self.library = library
        self.tree = tree
        self.encoder = encoder
        self.decoder = decoder
    }

    /// `JSONEncoder` and `JSONDecoder`.
    static func json(tree: BenchTree) -> FoundationContender {
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        return FoundationContender(
            library: .json, tree: tree, encoder: { try encoder.encode(NodeSnapshot($0)) },
            decoder: { try decoder.decode(NodeSnapshot.self, from: $0).makeNode() })
    }

    /// `PropertyListEncoder` in its binary format, and `PropertyListDecoder`.
    static func propertyList(tree: BenchTree) -> FoundationContender {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let decoder = PropertyListDecoder()
        return FoundationContender(
            library: .propertyList, tree: tree, encoder: { try encoder.encode(NodeSnapshot($0)) },
            decoder: { try decoder.decode(NodeSnapshot.self, from: $0).makeNode() })
    }

    /// `NSKeyedArchiver` and `NSKeyedUnarchiver` with secure coding.
    static func keyedArchiver(tree: BenchTree) -> FoundationContender {
        FoundationContender(
            library: .keyedArchiver, tree: tree,
            encoder: {
                try NSKeyedArchiver.archivedData(
                    withRootObject: ArchivedNode($0), requiringSecureCoding: true)
            },
            decoder: {
                guard let root = try NSKeyedUnarchiver.unarchivedObject(ofClass: ArchivedNode.self, from: $0)
                else {
                    throw BenchError.failed(
                        library: .keyedArchiver, nodes: 0, operation: "decode", reason: "no root object")
                }
                return root.makeNode()
            })
    }

    func encode() throws -> EncodedBytes {
        .data(try encoder(tree.root))
    }

    func decode(_ encoded: EncodedBytes, slot: Int) throws -> BenchNode {
        guard case .data(let data) = encoded else { throw BenchError.wrongBytes(library: library) }
        return try decoder(data)
    }
}

/// One node of a tree in the form a library codes: ``NodeSnapshot`` (`Codable`) or
/// ``ArchivedNode`` (`NSSecureCoding`).
protocol NodeRecord {
    /// The node's restoration identifier.
    var identifier: String { get }
    /// The restoration class's name, for a screen; nil for a navigation node.
    var restorationClass: String? { get }
    /// The node's state.
    var fields: NodeFields { get }
    /// The children's records, in order.
    var children: [Self] { get }
}

extension NodeRecord {
    /// A new live tree with this content.
    @MainActor
    func makeNode() -> BenchNode {
        let node = BenchNode(
            kind: restorationClass == nil ? .navigation : .screen, identifier: identifier, fields: fields)
        node.children = children.map { $0.makeNode() }
        return node
    }
}
