import Foundation

/// One thing to buy.
struct ShoppingItem: Codable, Hashable, Sendable {
    var id: UUID
    var name: String
    var quantity: Int
}

/// The demo's model: a JSON file next to the restoration archive, rewritten atomically on
/// every change (the demo's stand-in for a database). Its files are the user's alone (0600,
/// in a 0700 directory), and nothing is written before the app has its terminal
/// (``saveIfNew()``, at launch).
@MainActor
final class ShoppingStore {
    private(set) var items: [ShoppingItem]
    private let file: URL
    /// True while the items are the first launch's samples, not yet written.
    private var isNew = false

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
            isNew = true
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
                try Self.write(Data(newValue.utf8), to: notesFile)
            } catch {
                lastSaveError = "\(error)"
            }
        }
    }
    private var savedNotes = ""
    private var notesFile: URL { file.deletingLastPathComponent().appendingPathComponent("notes.txt") }

    /// The item the list highlights when it next appears: the one just added or edited.
    var itemToSelect: UUID?

    /// Writes the first launch's samples, once the app has its terminal: a restored
    /// selection names them by their ids, which a relaunch would otherwise make anew (found
    /// by restoration-fuzz). A launch that fails writes nothing.
    func saveIfNew() {
        guard isNew else { return }
        isNew = false
        save()
    }

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
            try Self.write(try JSONEncoder().encode(items), to: file)
        } catch {
            // The list stays in memory; the next change tries again.
            lastSaveError = "\(error)"
        }
    }

    /// Writes `data` atomically to `file`, readable by the user alone: the directory made
    /// 0700 if it is new, the file 0600 (set before anyone else could open it: the
    /// directory is the user's).
    private static func write(_ data: Data, to file: URL) throws {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try data.write(to: file, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    }

    /// The last write failure, shown under the list.
    private(set) var lastSaveError: String?
}
