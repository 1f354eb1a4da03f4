import Foundation
import RestorationTesting
import StateRestoration

/// A small Homepwner-shaped app whose objects write every kind of value the coder has, so
/// that the archives the engine writes for it exercise everything the inspector shows.
///
/// ```
/// UINavigationController                      (stack: positional children)
/// ├── .../ItemsViewController                 (restoration class, state version 1)
/// │   └── .../ItemsViewController/TableView   (selection by model identifier, R16)
/// └── .../DetailViewController                (restoration class, state version 2)
/// ```
@MainActor
final class SampleApp: HarnessApp {
    let navigation = SampleNavigationController()
    var launchCount = 3

    init(showsDetail: Bool = true, name: String = "Laptop") {
        navigation.stack = [navigation.items]
        if showsDetail {
            let detail = SampleDetailViewController()
            detail.name = name
            detail.listController = navigation.items
            navigation.stack.append(detail)
        }
    }

    var rootObjects: [any RestorableObject] { [navigation] }

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }

    func willEncodeRestorableState(_ coder: StateEncoder) throws {
        try coder.encode(launchCount, forKey: "launchCount")
        try coder.encode("dark", forKey: "theme")
    }
}

@MainActor
final class SampleNavigationController: RestorableObject {
    let items = SampleItemsViewController()
    var stack: [any RestorableObject] = []

    var restorationIdentifier: String? { "UINavigationController" }
    var restorationChildren: [any RestorableObject] { stack }
    var restorationChildrenArePositional: Bool { true }

    func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encodeObjects(stack, forKey: "viewControllers")
    }
}

@MainActor
final class SampleItemsViewController: RestorableObject {
    let tableView = SampleTableView()
    var isEditing = false

    var restorationIdentifier: String? { "ItemsViewController" }
    var restorationClass: (any ObjectRestoration.Type)? { ItemsRestorer.self }
    var restorationChildren: [any RestorableObject] { [tableView] }

    func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(isEditing, forKey: "isEditing")
    }
}

@MainActor
final class SampleTableView: RestorableObject {
    var selectedItemKey = UUID(uuidString: "6F1C3A52-0B5E-4D43-9C1E-2A7B8D9E0F11") ?? UUID()
    var scrollOffset = 12.5

    var restorationIdentifier: String? { "TableView" }

    func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(selectedItemKey, forKey: "selectedItemKey")
        try coder.encode(scrollOffset, forKey: "scrollOffset")
        try coder.encode([3, 1, 2], forKey: "rowOrder")
    }
}

/// What `encodeCodable` stores: JSON.
struct EditHistory: Codable, Equatable {
    var field: String
    var edits: Int
}

@MainActor
final class SampleDetailViewController: RestorableObject {
    var name = "Laptop"
    weak var listController: SampleItemsViewController?

    var restorationIdentifier: String? { "DetailViewController" }
    var restorationClass: (any ObjectRestoration.Type)? { DetailRestorer.self }

    func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(
            UUID(uuidString: "0A1B2C3D-4E5F-4061-8273-94A5B6C7D8E9") ?? UUID(), forKey: "itemKey")
        try coder.encode(name, forKey: "name")
        try coder.encode("電腦 \"ThinkPad\"\n", forKey: "serialNumber")
        try coder.encode(-1200, forKey: "valueInDollars")
        try coder.encode(UInt(7), forKey: "cursor")
        try coder.encode(Date(timeIntervalSince1970: 1_699_999_000.25), forKey: "dateCreated")
        try coder.encode(Data((0..<20).map { UInt8($0 * 13 % 256) }), forKey: "photo")
        try coder.encode(["name": 1, "serial": 0], forKey: "fieldEdits")
        try coder.encodeCodable(EditHistory(field: "name", edits: 2), forKey: "history")
        try coder.encodeObject(listController, forKey: "listController")
        try coder.encodeObject(nil, forKey: "presentedAlert")
    }
}

/// The restoration class of a sample controller: the archive records `Controller`'s class
/// name and state version, and a restore makes a fresh `Controller`.
@MainActor
enum SampleRestorer<Controller: SampleRestorable>: ObjectRestoration {
    static var restorationClassName: String { Controller.className }
    static var restorationStateVersion: Int { Controller.stateVersion }
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        Controller()
    }
}

/// A sample controller that ``SampleRestorer`` makes: what it records of its class.
@MainActor
protocol SampleRestorable: RestorableObject {
    init()
    static var className: String { get }
    static var stateVersion: Int { get }
}

extension SampleItemsViewController: SampleRestorable {
    static var className: String { "ItemsViewController" }
    static var stateVersion: Int { 1 }
}

extension SampleDetailViewController: SampleRestorable {
    static var className: String { "DetailViewController" }
    static var stateVersion: Int { 2 }
}

typealias ItemsRestorer = SampleRestorer<SampleItemsViewController>
typealias DetailRestorer = SampleRestorer<SampleDetailViewController>
