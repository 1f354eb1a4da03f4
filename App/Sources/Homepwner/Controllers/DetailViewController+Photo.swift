import Foundation
import HomepwnerCore
import StateRestoration
import TerminalKit

/// The item's photo (rule H4): attached from a typed or dropped path, completed with Tab,
/// removed after asking.
extension DetailViewController {
    // MARK: Photo

    func attachPhoto() {
        // As typed, or as a terminal pastes a dropped file: quoted, escaped, a file:// URL.
        let typed = DroppedPath.path(from: photoPathField.text)
        guard !typed.isEmpty else {
            show("Type the path of a PNG or JPEG file, then press Enter", isError: true)
            return
        }
        let path = Self.expand(typed)
        do {
            item = try context.store.attachPhoto(fromPath: path, to: item.key)
            photoPathField.text = ""
            loadThumbnail()
            show("Photo attached", isError: false)
        } catch {
            show(Self.describe(error), isError: true)
        }
    }

    /// Tab in the photo field: completes the path as a shell does; several names that share
    /// nothing more are listed under the fields.
    func completePhotoPath() {
        let environment = ProcessInfo.processInfo.environment
        let outcome = PathCompletion.complete(
            photoPathField.text, home: environment["HOME"] ?? NSHomeDirectory(),
            directory: FileManager.default.currentDirectoryPath)
        switch outcome {
        case .completed(let text):
            photoPathField.text = text
            clearMessage()
        case .candidates(let names):
            let shown = names.prefix(Self.candidatesShown).joined(separator: "  ")
            let more =
                names.count > Self.candidatesShown ? "  … \(names.count - Self.candidatesShown) more" : ""
            show("\(names.count) names fit: \(shown)\(more)", isError: false)
        case .noMatch(let directory, let prefix):
            let place = directory.isEmpty ? "here" : "in \(directory)"
            show("Nothing \(place) starts with “\(prefix)”", isError: true)
        }
    }

    /// How many names a Tab lists at most.
    static let candidatesShown = 24

    /// Ctrl-X: asks first, Cancel chosen (a habit from nano, where Ctrl-X leaves, must not
    /// cost the photo).
    func confirmRemovePhoto() {
        guard item.hasPhoto else { return }
        present(RemovePhotoAlert(itemKey: item.key, detail: self))
    }

    /// Removes the photo (the alert's Remove).
    func removePhoto() {
        guard item.hasPhoto else { return }
        do {
            try context.store.removePhoto(from: item.key)
            item.hasPhoto = false
            photoView.thumbnail = nil
            show("Photo removed", isError: false)
        } catch {
            show(Self.describe(error), isError: true)
        }
    }

    func loadThumbnail() {
        do {
            photoView.thumbnail = try context.store.thumbnail(for: item.key)
        } catch {
            photoView.thumbnail = nil
            show(Self.describe(error), isError: true)
        }
    }

    /// `~` and `~/…` become the home directory; other paths are used as typed (relative
    /// ones from the current directory).
    static func expand(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        return home + path.dropFirst()
    }

    static func describe(_ error: ItemStoreError) -> String {
        if case .photo(let photoError) = error { return photoError.description }
        if error.isBusy { return "Another program is writing to the database; try again in a moment" }
        if case .itemNotFound = error { return "This item was deleted outside Homepwner" }
        return error.description
    }
}
