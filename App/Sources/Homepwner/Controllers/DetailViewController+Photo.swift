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
        // Decoded off the main thread (rule H14): a large or many-scan JPEG takes seconds,
        // and keys must work meanwhile. A small one, or without a run loop to hand the
        // result back to, at once.
        let field = photoPathField.text
        guard let post = context.runLoopPost,
            !ImageStore.decodesQuickly(fileAt: path, limits: context.store.imageLimits)
        else {
            finishAttaching(
                Result { () throws(ImageStoreError) in
                    try ImageStore.preparePhoto(fromPath: path, limits: context.store.imageLimits)
                }, to: item.key, typed: field)
            return
        }
        let ticket = photoView.startDecode()
        let (key, limits) = (item.key, context.store.imageLimits)
        show("Decoding the photo…", isError: false)
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { () throws(ImageStoreError) in
                try ImageStore.preparePhoto(fromPath: path, limits: limits)
            }
            post { [weak self] in
                guard let self, self.photoView.finishDecode(ticket) else { return }
                self.finishAttaching(result, to: key, typed: field)
            }
        }
    }

    /// Stores a photo decoded for the item with `key`, if this screen still shows it. The
    /// path field is emptied if it still holds what was `typed` (keys work during a decode).
    private func finishAttaching(
        _ result: Result<ImageStore.PreparedPhoto, ImageStoreError>, to key: UUID, typed: String
    ) {
        guard key == item.key else { return }
        do {
            let photo = try result.get()
            item = try context.store.attach(photo, to: key)
            if photoPathField.text == typed { photoPathField.text = "" }
            photoView.show(photo.thumbnail)
            show("Photo attached", isError: false)
        } catch let error as ImageStoreError {
            loadThumbnail()
            show(error.description, isError: true)
        } catch let error as ItemStoreError {
            loadThumbnail()
            show(Self.describe(error), isError: true)
        } catch {
            show("\(error)", isError: true)
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
            photoView.show(nil)
            show("Photo removed", isError: false)
        } catch {
            show(Self.describe(error), isError: true)
        }
    }

    /// Shows the item's photo: at once when its thumbnail was made already this session or
    /// the photo is small, else decoded off the main thread, "Decoding the photo…" showing
    /// meanwhile.
    func loadThumbnail() {
        let key = item.key
        guard item.hasPhoto else { return photoView.show(nil) }
        if let cached = context.store.cachedThumbnail(for: key) { return photoView.show(cached) }
        guard let post = context.runLoopPost, !context.store.decodesQuickly(photoOf: key) else {
            return loadThumbnailNow()
        }
        let decode: @Sendable () throws(ImageStoreError) -> Thumbnail
        do {
            decode = try context.store.thumbnailDecode(for: key)
        } catch {
            photoView.show(nil)
            return show(Self.describe(error), isError: true)
        }
        let ticket = photoView.startDecode()
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { () throws(ImageStoreError) in try decode() }
            post { [weak self] in
                guard let self, self.photoView.finishDecode(ticket), key == self.item.key else { return }
                switch result {
                case .success(let thumbnail):
                    self.context.store.remember(thumbnail, for: key)
                    self.photoView.show(thumbnail)
                case .failure(let error):
                    self.photoView.show(nil)
                    self.show(error.description, isError: true)
                }
            }
        }
    }

    /// Decodes the photo on this thread: a small one, or for a screen with no run loop yet.
    private func loadThumbnailNow() {
        do {
            photoView.show(try context.store.thumbnail(for: item.key))
        } catch {
            photoView.show(nil)
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
