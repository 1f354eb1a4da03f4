import Foundation
import GtkKit
import HomepwnerCore

/// An item's photo, shown as a picture on its page, and the button that attaches one with
/// GTK's file chooser (its page connects it, and Ctrl+O). The store keeps the photo (validated, decoded
/// and bounded by the core's image code, rule H14); what shows is a decode of it at most
/// ``width`` × ``height`` pixels.
@MainActor
final class PhotoView {
    /// The picture, then the button under it.
    let box = Box(.vertical, spacing: 6)
    let picture = Picture()
    let choose = Button(label: "Choose _Photo…")
    /// Why the photo does not show, when it does not.
    let problem = Label()
    private let context: DesktopContext
    private let key: UUID
    /// The decode's size at most, in pixels.
    static let width = 160
    static let height = 120

    init(item: Item, context: DesktopContext) {
        self.context = context
        key = item.key
        picture.setSizeRequest(width: Int32(Self.width), height: Int32(Self.height))
        picture.setAccessibleLabel("Photo")
        problem.wraps()
        box.append(picture)
        box.append(choose)
        box.append(problem)
        load()
    }

    /// Shows the stored photo, or nothing when the item has none.
    func load() {
        do {
            guard
                let thumbnail = try context.store.thumbnail(
                    for: key, maximumColumns: Self.width, maximumRows: Self.height / 2)
            else { return picture.show(width: 0, height: 0, rgb: nil) }
            // Each cell of a thumbnail is two pixels, one above the other.
            var rgb: [UInt8] = []
            rgb.reserveCapacity(thumbnail.columns * thumbnail.rows * 6)
            for row in 0..<thumbnail.rows {
                for half in [\Thumbnail.Cell.top, \Thumbnail.Cell.bottom] {
                    for column in 0..<thumbnail.columns {
                        let pixel = thumbnail[column, row][keyPath: half]
                        rgb += [pixel.red, pixel.green, pixel.blue]
                    }
                }
            }
            picture.show(width: thumbnail.columns, height: thumbnail.rows * 2, rgb: rgb)
            problem.text = ""
        } catch {
            problem.text = "The photo cannot be shown: \(error)"
        }
    }

    /// The file chooser while it is open.
    private var chooser: FileChooser?

    /// Asks for an image file in a dialog over `window`, then attaches it to the item.
    func chooseFile(over window: Window) {
        let chooser = FileChooser(title: "Choose a Photo", parent: window, accept: "_Attach")
        self.chooser = chooser
        chooser.choose { [weak self] path in
            guard let self else { return }
            self.chooser = nil
            if let path { self.attach(path) }
        }
    }

    /// Attaches the image at `path`, or says why not.
    func attach(_ path: String) {
        do {
            _ = try context.store.attachPhoto(fromPath: path, to: key)
            load()
            context.didChange(item: key)
        } catch {
            problem.text = "Not attached: \(error)"
        }
    }
}
