import Foundation

/// One node as an `NSSecureCoding` object, the way a UIKit app's state is coded.
final class ArchivedNode: NSObject, NSSecureCoding, NodeRecord {
    static var supportsSecureCoding: Bool { true }

    let identifier: String
    let typeName: String
    let restorationClass: String?
    let stateVersion: Int
    let fields: NodeFields
    let children: [ArchivedNode]

    @MainActor
    init(_ node: BenchNode) {
        identifier = node.identifier
        typeName = BenchNode.typeName
        restorationClass = node.restorationClassName
        stateVersion = BenchNode.stateVersion
        fields = node.fields
        children = node.children.map(ArchivedNode.init)
    }

    func encode(with coder: NSCoder) {
        coder.encode(identifier, forKey: "identifier")
        coder.encode(typeName, forKey: "typeName")
        if let restorationClass { coder.encode(restorationClass, forKey: "restorationClass") }
        coder.encode(stateVersion, forKey: "stateVersion")
        coder.encode(fields.title, forKey: "title")
        if let subtitle = fields.subtitle { coder.encode(subtitle, forKey: "subtitle") }
        coder.encode(fields.count, forKey: "count")
        if let position = fields.position { coder.encode(position, forKey: "position") }
        coder.encode(fields.ratio, forKey: "ratio")
        coder.encode(fields.enabled, forKey: "enabled")
        if let selected = fields.selected { coder.encode(selected, forKey: "selected") }
        coder.encode(fields.modified, forKey: "modified")
        if let photo = fields.photo { coder.encode(photo, forKey: "photo") }
        coder.encode(children, forKey: "children")
    }

    init?(coder: NSCoder) {
        func string(_ key: String) -> String? {
            coder.containsValue(forKey: key)
                ? coder.decodeObject(of: NSString.self, forKey: key) as String? : nil
        }
        guard let identifier = string("identifier"), let typeName = string("typeName"),
            let title = string("title"),
            let modified = coder.decodeObject(of: NSDate.self, forKey: "modified") as Date?,
            let children = coder.decodeObject(of: [NSArray.self, ArchivedNode.self], forKey: "children")
                as? [ArchivedNode]
        else { return nil }
        self.identifier = identifier
        self.typeName = typeName
        self.restorationClass = string("restorationClass")
        self.stateVersion = coder.decodeInteger(forKey: "stateVersion")
        self.fields = NodeFields(
            title: title, subtitle: string("subtitle"), count: coder.decodeInteger(forKey: "count"),
            position: coder.containsValue(forKey: "position") ? coder.decodeInteger(forKey: "position") : nil,
            ratio: coder.decodeDouble(forKey: "ratio"), enabled: coder.decodeBool(forKey: "enabled"),
            selected: coder.containsValue(forKey: "selected") ? coder.decodeBool(forKey: "selected") : nil,
            modified: modified,
            photo: coder.containsValue(forKey: "photo")
                ? coder.decodeObject(of: NSData.self, forKey: "photo") as Data? : nil)
        self.children = children
    }
}
