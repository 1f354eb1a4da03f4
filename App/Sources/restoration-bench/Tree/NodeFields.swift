import Foundation

/// The state of one ``BenchNode``: six to ten keys once the children are counted.
///
/// Five fields are always there (`title`, `count`, `ratio`, `enabled`, `modified`), and so is
/// the list of child references; `subtitle`, `position` and `selected` are there on most
/// nodes, and a 2 KiB `photo` on about one node in twenty.
struct NodeFields: Hashable, Sendable {
    var title: String
    var subtitle: String?
    var count: Int
    var position: Int?
    var ratio: Double
    var enabled: Bool
    var selected: Bool?
    var modified: Date
    var photo: Data?

    /// What a node holds between its creation and the decoding of its state.
    static let empty = NodeFields(
        title: "", subtitle: nil, count: 0, position: nil, ratio: 0, enabled: false, selected: nil,
        modified: Date(timeIntervalSince1970: 0), photo: nil)

    /// The number of keys a keyed coder writes for these fields, children included.
    var keyCount: Int {
        6 + (subtitle == nil ? 0 : 1) + (position == nil ? 0 : 1) + (selected == nil ? 0 : 1)
            + (photo == nil ? 0 : 1)
    }
}
