import Foundation

/// One thing to buy.
struct ShoppingItem: Codable, Hashable, Sendable {
    var id: UUID
    var name: String
    var quantity: Int
}

/// The demo's model: a JSON file next to the restoration archive, rewritten atomically on
/// every change (the demo's stand-in for a database).
@MainActor
final class ShoppingStore {
    private(set) var items: [ShoppingItem]
    private let file: URL

    init(directory: URL) {
        file = directory.appendingPathComponent("items.json")
        if let data = try? Data(contentsOf: file),
            let saved = try? JSONDecoder().decode([ShoppingItem].self, from: data)
        {
            items = saved
        } else {
            items = [
                ShoppingItem(id: UUID(), name: "Bread", quantity: 1),
                ShoppingItem(id: UUID(), name: "苹果 (apples)", quantity: 6),
                ShoppingItem(id: UUID(), name: "Coffee", quantity: 2),
            ]
            // Written at once: a restored selection names these items by their ids, which a
            // relaunch would otherwise make anew (found by restoration-fuzz).
            save()
        }
        savedNotes = (try? String(contentsOf: notesFile, encoding: .utf8)) ?? ""
    }

    /// The Notes tab's text, kept in `notes.txt` next to the list.
    var notes: String {
        get { savedNotes }
        set {
            guard newValue != savedNotes else { return }
            savedNotes = newValue
            do {
                try FileManager.default.createDirectory(
                    at: notesFile.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(newValue.utf8).write(to: notesFile, options: .atomic)
            } catch {
                lastSaveError = "\(error)"
            }
        }
    }
    private var savedNotes = ""
    private var notesFile: URL { file.deletingLastPathComponent().appendingPathComponent("notes.txt") }

    /// The item the list highlights when it next appears: the one just added or edited.
    var itemToSelect: UUID?

    func item(id: UUID) -> ShoppingItem? { items.first { $0.id == id } }

    func index(of id: UUID) -> Int? { items.firstIndex { $0.id == id } }

    func add(_ item: ShoppingItem) {
        items.append(item)
        save()
    }

    func update(_ item: ShoppingItem) {
        guard let index = index(of: item.id) else { return }
        items[index] = item
        save()
    }

    func remove(at index: Int) {
        items.remove(at: index)
        save()
    }

    func move(from source: Int, to destination: Int) {
        items.insert(items.remove(at: source), at: destination)
        save()
    }

    private func save() {
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder().encode(items).write(to: file, options: .atomic)
        } catch {
            // The list stays in memory; the next change tries again.
            lastSaveError = "\(error)"
        }
    }

    /// The last write failure, shown under the list.
    private(set) var lastSaveError: String?
}
