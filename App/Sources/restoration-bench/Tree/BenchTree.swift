import Foundation
import TestSupport

/// A synthetic restorable tree of a given size, the same in every run (seeded).
///
/// Shape: a navigation root whose children form a stack, and below them screens and views
/// with two to nine children each, filled breadth first and never deeper than
/// ``maxDepth`` levels (the root is level 1). Siblings have distinct identifiers, except
/// in the navigation stack, where they repeat and are told apart by position.
@MainActor
struct BenchTree {
    /// The deepest level a node may sit at.
    static let maxDepth = 8
    /// The share of nodes holding a photo.
    static let photoProbability = 0.05
    /// The size of a photo.
    nonisolated static let photoBytes = 2048

    private static let screenIdentifiers = [
        "ItemsViewController", "DetailViewController", "TableView", "NameField", "SerialField",
        "ValueField", "ImageView", "Toolbar", "DateLabel",
    ]
    private static let adjectives = ["Fluffy", "Rusty", "Shiny", "Tiny", "Vintage", "Heavy", "Spare"]
    private static let nouns = ["Bear", "Spork", "Mac", "Lamp", "Guitar", "Kettle", "Bicycle", "Camera"]

    let root: BenchNode
    let nodeCount: Int
    let depth: Int
    let keyCount: Int
    let photoCount: Int

    /// Builds a tree of `nodes` objects from `seed`.
    init(nodes: Int, seed: UInt64 = 0x5EED_CAFE) {
        precondition(nodes >= 1, "a tree has at least its root")
        var random = SplitMix64(seed: seed ^ UInt64(nodes))
        let root = BenchNode(
            kind: .navigation, identifier: BenchNode.navigationIdentifier, fields: Self.fields(&random))
        var queue: [(node: BenchNode, level: Int)] = [(root, 1)]
        var head = 0
        var count = 1
        var depth = 1
        var keys = root.fields.keyCount
        var photos = root.fields.photo == nil ? 0 : 1
        while count < nodes && head < queue.count {
            let (parent, level) = queue[head]
            head += 1
            guard level < Self.maxDepth else { continue }
            let children = min(Int.random(in: 2...9, using: &random), nodes - count)
            for position in 0..<children {
                let identifier: String
                if parent.kind == .navigation {
                    identifier = position == 0 ? "ItemsViewController" : "DetailViewController"
                } else {
                    identifier = Self.screenIdentifiers[position]
                }
                let child = BenchNode(kind: .screen, identifier: identifier, fields: Self.fields(&random))
                parent.children.append(child)
                queue.append((child, level + 1))
                keys += child.fields.keyCount
                photos += child.fields.photo == nil ? 0 : 1
            }
            count += children
            depth = max(depth, children > 0 ? level + 1 : level)
        }
        self.root = root
        self.nodeCount = count
        self.depth = depth
        self.keyCount = keys
        self.photoCount = photos
    }

    private static func fields(_ random: inout SplitMix64) -> NodeFields {
        let title =
            "\(adjectives.randomElement(using: &random) ?? "") \(nouns.randomElement(using: &random) ?? "") "
            + "\(Int.random(in: 0..<10_000, using: &random))"
        let subtitle: String? =
            random.chance(0.7)
            ? "S/N " + String(UInt32.random(in: 0...UInt32.max, using: &random), radix: 36) : nil
        let count = Int.random(in: 0..<100_000, using: &random)
        let position: Int? = random.chance(0.7) ? Int.random(in: 0..<1_000, using: &random) : nil
        let ratio = Double.random(in: 0..<1, using: &random)
        let enabled = Bool.random(using: &random)
        let selected: Bool? = random.chance(0.55) ? Bool.random(using: &random) : nil
        // Whole seconds: every contender stores a Date exactly.
        let modified = Date(
            timeIntervalSince1970: Double(1_700_000_000 + Int.random(in: 0..<50_000_000, using: &random)))
        var photo: Data?
        if random.chance(photoProbability) {
            var bytes = [UInt8](repeating: 0, count: photoBytes)
            for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &random) }
            photo = Data(bytes)
        }
        return NodeFields(
            title: title, subtitle: subtitle, count: count, position: position, ratio: ratio,
            enabled: enabled, selected: selected, modified: modified, photo: photo)
    }
}
