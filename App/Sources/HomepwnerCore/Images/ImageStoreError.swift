/// Why a photo was refused or could not be read, written or removed. `description` is the
/// message for the detail screen.
public enum ImageStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Text that is not a canonical UUID was about to become a file name.
    case invalidItemKey(String)
    /// The file could not be opened or read (`reason` is `strerror`, or "not a regular file").
    case cannotRead(path: String, reason: String)
    /// The file is over ``ImageLimits/maximumFileBytes``.
    case fileTooLarge(path: String, bytes: Int, limit: Int)
    /// The file is neither PNG nor JPEG.
    case notAnImage(path: String)
    /// The image is over ``ImageLimits/maximumPixels``.
    case tooManyPixels(path: String, width: Int, height: Int, limit: Int)
    /// libpng or libjpeg could not decode it (`detail` is the library's message).
    case corruptImage(path: String, format: String, detail: String)
    /// A progressive JPEG with more scans than ``ImageLimits/maximumScans``.
    case tooManyScans(path: String, limit: Int)
    /// The file ends before the image does (a JPEG cut short, which would show grey).
    case incompleteImage(path: String, format: String)
    /// The photo could not be written into, or removed from, the store.
    case cannotWrite(path: String, reason: String)
    /// The item has no photo file (it may have been removed behind the app's back).
    case noPhoto(path: String)

    /// One line for a person: what failed, where, and why.
    public var description: String {
        switch self {
        case .invalidItemKey(let text):
            "\"\(text)\" is not an item key (a UUID), so it cannot name a photo file"
        case .cannotRead(let path, let reason):
            "cannot read \(path): \(reason)"
        case .fileTooLarge(let path, let bytes, let limit):
            "\(path) is \(Self.mebibytes(bytes)); a photo can be at most \(Self.mebibytes(limit))"
        case .notAnImage(let path):
            "\(path) is not a PNG or JPEG image"
        case .tooManyPixels(let path, let width, let height, let limit):
            "\(path) is \(width)×\(height) pixels; a photo can have at most \(limit / 1_000_000) million"
        case .corruptImage(let path, let format, let detail):
            "\(path) starts like a \(format) image but is damaged, so it cannot be shown "
                + "(the decoder says: \(detail))"
        case .tooManyScans(let path, let limit):
            "\(path) is a progressive JPEG of more than \(limit) scans; a photo can have at most \(limit) "
                + "(each is a pass over the whole image)"
        case .incompleteImage(let path, let format):
            "\(path) is an incomplete \(format) image: the file ends before the picture does"
        case .cannotWrite(let path, let reason):
            "cannot store the photo at \(path): \(reason)"
        case .noPhoto(let path):
            "the photo file \(path) is missing"
        }
    }

    private static func mebibytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}
