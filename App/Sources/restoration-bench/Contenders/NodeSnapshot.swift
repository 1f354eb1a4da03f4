import Foundation

/// The tree as a `Codable` value: what a developer hands to `JSONEncoder` or
/// `PropertyListEncoder`. Children nest, so the structure needs no references.
struct NodeSnapshot: Codable, Sendable, NodeRecord {
    var identifier: String
    var typeName: String
    var restorationClass: String?
    var stateVersion: Int
    var title: String
    var subtitle: String?
    var count: Int
    var position: Int?
    var ratio: Double
    var enabled: Bool
    var selected: Bool?
    var modified: Date
    var photo: Data?
    var children: [NodeSnapshot]

    /// The snapshot of the live tree under `node`.
    @MainActor
    init(_ node: BenchNode) {
        let fields = node.fields
        identifier = node.identifier
        typeName = BenchNode.typeName
        restorationClass = node.restorationClassName
        stateVersion = BenchNode.stateVersion
        title = fields.title
        subtitle = fields.subtitle
        count = fields.count
        position = fields.position
        ratio = fields.ratio
        enabled = fields.enabled
        selected = fields.selected
        modified = fields.modified
        photo = fields.photo
        children = node.children.map(NodeSnapshot.init)
    }

    /// The node's state.
    var fields: NodeFields {
        NodeFields(
            title: title, subtitle: subtitle, count: count, position: position, ratio: ratio,
            enabled: enabled,
            selected: selected, modified: modified, photo: photo)
    }
}
