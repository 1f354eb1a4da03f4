import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Photos, one file per item at `<directory>/<item-key>` (rule H6).
///
/// **What is stored.** The original file's bytes, unchanged, after a full decode proved
/// them to be a PNG or JPEG within ``limits``. Keeping the original loses nothing (a later
/// screen or export can use full resolution), costs no re-encoder, and the `file` command
/// still recognises it. Thumbnails are made from it on demand and cached in memory.
///
/// **Safety.** File names come only from `UUID` values or from text that passes
/// ``ItemKey/parse(_:)``, so no key can escape the directory. Files are written to a
/// temporary name, synced and renamed: a crash leaves the old photo or the new one. The
/// directory is created with mode 0700 and the files with 0600.
///
/// Prefer ``ItemStore/attachPhoto(fromPath:to:)`` and ``ItemStore/removePhoto(from:)``,
/// which also keep the item's `hasPhoto` in step.
public final class ImageStore {
    /// The `images` directory.
    public let directory: String
    /// What ``importPhoto(fromPath:for:)`` accepts.
    public let limits: ImageLimits

    private struct CacheKey: Hashable {
        var key: UUID
        var columns: Int
        var rows: Int
    }
    private var thumbnails: [CacheKey: Thumbnail] = [:]
    private static let cacheLimit = 64

    /// A store over `directory`, created at the first import.
    public init(directory: String, limits: ImageLimits = .standard) {
        self.directory = directory
        self.limits = limits
    }

    /// Where the photo of `key` is (or would be).
    public func path(for key: UUID) -> String {
        HomepwnerPaths.join(directory, ItemKey.text(key))
    }

    /// Where the photo of the key written as `text` is.
    /// - Throws: ``ImageStoreError/invalidItemKey(_:)`` unless `text` is a canonical UUID.
    public func path(forKeyText text: String) throws(ImageStoreError) -> String {
        guard let key = ItemKey.parse(text) else { throw .invalidItemKey(text) }
        return path(for: key)
    }

    /// Whether a photo file exists for `key`.
    public func hasPhoto(for key: UUID) -> Bool {
        access(path(for: key), F_OK) == 0
    }

    /// Validates the image at `path` and stores its bytes as the photo of `key`, replacing
    /// any earlier one. A leading `~/` means the home directory; a relative path is taken
    /// from the current directory.
    /// - Throws: ``ImageStoreError``: unreadable, too large, not an image, too many pixels,
    ///   corrupt, or the store cannot be written. Nothing is changed then.
    public func importPhoto(fromPath path: String, for key: UUID) throws(ImageStoreError) {
        try store(try Self.preparePhoto(fromPath: path, limits: limits), for: key)
    }

    /// A photo read and decoded, ready to be stored (``store(_:for:)``): the slow half of an
    /// import, which any thread may do.
    public struct PreparedPhoto: Sendable {
        /// The file's bytes, unchanged.
        let bytes: [UInt8]
        /// Its thumbnail at the default size.
        public let thumbnail: Thumbnail
    }

    /// Reads and decodes the image at `path` (as ``importPhoto(fromPath:for:)`` does, `~/`
    /// included), touching no store: the part of an import that costs, for any thread.
    /// - Throws: ``ImageStoreError``: unreadable, too large, not an image, too many pixels
    ///   or scans, incomplete, corrupt.
    public static func preparePhoto(fromPath path: String, limits: ImageLimits) throws(ImageStoreError)
        -> PreparedPhoto
    {
        let source = expandingTilde(path)
        let bytes = try readFile(source, limit: limits.maximumFileBytes)
        let thumbnail = try ImageDecoder.thumbnail(
            of: bytes, path: source, limits: limits, maximumColumns: Thumbnail.defaultColumns,
            maximumRows: Thumbnail.defaultRows)
        return PreparedPhoto(bytes: bytes, thumbnail: thumbnail)
    }

    /// Images of at most this many pixels decode in a few milliseconds, whatever their
    /// scans (at most ``ImageLimits/maximumScans``): a screen decodes them at once, and
    /// larger ones off the main thread.
    public static let quickDecodePixels = 1_000_000

    /// True if the image file at `path` (a photo to attach, `~/` included) is small enough
    /// to decode at once (``quickDecodePixels``), or unreadable or no image at all, which
    /// ``preparePhoto(fromPath:limits:)`` then says at once.
    public static func decodesQuickly(fileAt path: String, limits: ImageLimits) -> Bool {
        guard let bytes = try? readFile(expandingTilde(path), limit: limits.maximumFileBytes),
            let pixels = ImageDecoder.pixelCount(of: bytes)
        else { return true }
        return pixels <= quickDecodePixels
    }

    /// True if the stored photo of `key` is small enough to decode at once, or missing.
    public func decodesQuickly(photoOf key: UUID) -> Bool {
        guard
            let bytes = try? Self.readFile(
                path(for: key), limit: limits.maximumFileBytes, followingLinks: false),
            let pixels = ImageDecoder.pixelCount(of: bytes)
        else { return true }
        return pixels <= Self.quickDecodePixels
    }

    /// Stores a prepared photo as the photo of `key`, replacing any earlier one, and keeps
    /// its thumbnail: showing it needs no decode.
    /// - Throws: ``ImageStoreError/cannotWrite(path:reason:)``; nothing is changed then.
    public func store(_ photo: PreparedPhoto, for key: UUID) throws(ImageStoreError) {
        try writeAtomically(photo.bytes, to: self.path(for: key))
        forget(key)
        remember(
            photo.thumbnail,
            as: CacheKey(key: key, columns: Thumbnail.defaultColumns, rows: Thumbnail.defaultRows))
    }

    /// The thumbnail of `key` if one was made already (by an import or a decode this
    /// session): what a screen shows at once, without a decode.
    public func cachedThumbnail(
        for key: UUID, maximumColumns: Int = Thumbnail.defaultColumns,
        maximumRows: Int = Thumbnail.defaultRows
    ) -> Thumbnail? {
        thumbnails[CacheKey(key: key, columns: maximumColumns, rows: maximumRows)]
    }

    /// The decode of the photo of `key`, to run on any thread; hand its thumbnail back to
    /// ``remember(_:for:maximumColumns:maximumRows:)`` on the store's thread. The checks that
    /// need the store (the file exists, the directory is no link) are made here, now.
    /// - Throws: ``ImageStoreError/noPhoto(path:)``, or why the directory is refused.
    public func thumbnailDecode(
        for key: UUID, maximumColumns: Int = Thumbnail.defaultColumns,
        maximumRows: Int = Thumbnail.defaultRows
    ) throws(ImageStoreError) -> @Sendable () throws(ImageStoreError) -> Thumbnail {
        let photo = path(for: key)
        guard access(photo, F_OK) == 0 else { throw .noPhoto(path: photo) }
        try refuseLinkedDirectory()
        let limits = limits
        return { () throws(ImageStoreError) -> Thumbnail in
            // Never through a symbolic link (rule R36), as ``thumbnail(for:maximumColumns:maximumRows:)``.
            let bytes = try Self.readFile(photo, limit: limits.maximumFileBytes, followingLinks: false)
            return try ImageDecoder.thumbnail(
                of: bytes, path: photo, limits: limits, maximumColumns: maximumColumns,
                maximumRows: maximumRows)
        }
    }

    /// Keeps a thumbnail made by a ``thumbnailDecode(for:maximumColumns:maximumRows:)``.
    public func remember(
        _ thumbnail: Thumbnail, for key: UUID, maximumColumns: Int = Thumbnail.defaultColumns,
        maximumRows: Int = Thumbnail.defaultRows
    ) {
        remember(thumbnail, as: CacheKey(key: key, columns: maximumColumns, rows: maximumRows))
    }

    /// Deletes the photo of `key`; nothing happens if there is none.
    /// - Throws: ``ImageStoreError/cannotWrite(path:reason:)`` if the file exists but cannot
    ///   be removed.
    public func removePhoto(for key: UUID) throws(ImageStoreError) {
        forget(key)
        let target = path(for: key)
        if unlink(target) != 0 {
            let code = errno
            if code == ENOENT { return }
            throw .cannotWrite(path: target, reason: Directory.describe(code))
        }
        Directory.sync(directory)
    }

    /// The photo of `key` as a thumbnail of at most `maximumColumns × maximumRows` cells.
    /// Decodes the file the first time and then answers from memory.
    /// - Throws: ``ImageStoreError/noPhoto(path:)`` when there is no file, or why it cannot
    ///   be decoded.
    public func thumbnail(
        for key: UUID, maximumColumns: Int = Thumbnail.defaultColumns,
        maximumRows: Int = Thumbnail.defaultRows
    ) throws(ImageStoreError) -> Thumbnail {
        let cacheKey = CacheKey(key: key, columns: maximumColumns, rows: maximumRows)
        if let cached = thumbnails[cacheKey] { return cached }
        let photo = path(for: key)
        guard access(photo, F_OK) == 0 else { throw .noPhoto(path: photo) }
        try refuseLinkedDirectory()
        // A stored photo is never read through a symbolic link (rule R36): someone who could
        // plant one could make the app read any file.
        let bytes = try Self.readFile(photo, limit: limits.maximumFileBytes, followingLinks: false)
        let thumbnail = try ImageDecoder.thumbnail(
            of: bytes, path: photo, limits: limits, maximumColumns: maximumColumns, maximumRows: maximumRows)
        remember(thumbnail, as: cacheKey)
        return thumbnail
    }

    /// A thumbnail of any image file (for example, to preview a file before attaching it).
    /// - Throws: ``ImageStoreError``, as for ``importPhoto(fromPath:for:)``.
    public static func thumbnail(
        ofFileAt path: String, limits: ImageLimits = .standard,
        maximumColumns: Int = Thumbnail.defaultColumns, maximumRows: Int = Thumbnail.defaultRows
    ) throws(ImageStoreError) -> Thumbnail {
        let bytes = try readFile(path, limit: limits.maximumFileBytes)
        return try ImageDecoder.thumbnail(
            of: bytes, path: path, limits: limits, maximumColumns: maximumColumns, maximumRows: maximumRows)
    }

    /// The keys of every photo file in the directory (other names are ignored).
    package func storedKeys() throws(ImageStoreError) -> [UUID] {
        try refuseLinkedDirectory()
        guard let stream = opendir(directory) else {
            let code = errno
            if code == ENOENT { return [] }
            throw .cannotRead(path: directory, reason: Directory.describe(code))
        }
        defer { closedir(stream) }
        var keys: [UUID] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let key = ItemKey.parse(name), ItemKey.text(key) == name { keys.append(key) }
        }
        return keys
    }

    /// Deletes the temporary files of imports whose process died midway (named
    /// `.<random>.tmp-<pid>`; a running process's files are left alone).
    /// - Parameter isLive: Whether a pid is another process that still runs.
    /// - Returns: How many files were removed.
    @discardableResult
    package func removeAbandonedTemporaryFiles(isLive: (Int64) -> Bool) throws(ImageStoreError) -> Int {
        try refuseLinkedDirectory()
        guard let stream = opendir(directory) else {
            let code = errno
            if code == ENOENT { return 0 }
            throw .cannotRead(path: directory, reason: Directory.describe(code))
        }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix("."), let marker = name.range(of: ".tmp-") else { continue }
            guard let pid = Int64(name[marker.upperBound...]), !isLive(pid) else { continue }
            names.append(name)
        }
        closedir(stream)
        var removed = 0
        for name in names {
            let path = HomepwnerPaths.join(directory, name)
            if unlink(path) == 0 {
                removed += 1
            } else if errno != ENOENT {
                throw .cannotWrite(path: path, reason: Directory.describe(errno))
            }
        }
        return removed
    }

    // MARK: - Private

    private func remember(_ thumbnail: Thumbnail, as key: CacheKey) {
        if thumbnails.count >= Self.cacheLimit { thumbnails.removeAll(keepingCapacity: true) }
        thumbnails[key] = thumbnail
    }

    private func forget(_ key: UUID) {
        thumbnails = thumbnails.filter { $0.key.key != key }
    }

    private static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"),
            let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty
        else { return path }
        return home + path.dropFirst()
    }

    /// Throws if the images directory is a symbolic link: the photos are read and written
    /// only where the data directory says (rule R36).
    private func refuseLinkedDirectory() throws(ImageStoreError) {
        var status = stat()
        if lstat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            throw .cannotRead(path: directory, reason: "a symbolic link, not the images directory itself")
        }
    }

    /// Reads a whole regular file of at most `limit` bytes; a symbolic link as its last
    /// component is followed only if `followingLinks` (a file the user names, not one of
    /// the store's).
    private static func readFile(
        _ path: String, limit: Int, followingLinks: Bool = true
    ) throws(ImageStoreError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        if descriptor < 0 && errno == ELOOP && !followingLinks {
            throw .cannotRead(path: path, reason: "a symbolic link, not a photo")
        }
        guard descriptor >= 0 else {
            throw .cannotRead(path: path, reason: Directory.describe(errno))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .cannotRead(path: path, reason: Directory.describe(errno))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw .cannotRead(path: path, reason: "not a regular file")
        }
        let size = Int(status.st_size)
        if size > limit { throw .fileTooLarge(path: path, bytes: size, limit: limit) }
        // One byte of headroom: a file that grew since fstat is caught below.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var filled = 0
        while filled < bytes.count {
            guard let count = Directory.readSome(descriptor, into: &bytes, at: filled) else {
                throw .cannotRead(path: path, reason: Directory.describe(errno))
            }
            if count == 0 { break }
            filled += count
            if filled > limit { throw .fileTooLarge(path: path, bytes: filled, limit: limit) }
            if filled == bytes.count && filled <= limit {
                bytes.append(contentsOf: repeatElement(0, count: 4096))
            }
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    /// Writes `bytes` to `target` atomically: temporary file (0600), fsync, rename, fsync of
    /// the directory.
    private func writeAtomically(_ bytes: [UInt8], to target: String) throws(ImageStoreError) {
        try refuseLinkedDirectory()
        if let failure = Directory.create(directory) {
            throw .cannotWrite(path: failure.path, reason: Directory.describe(failure.errno))
        }
        let temporary = HomepwnerPaths.join(
            directory, ".\(UInt64.random(in: 0...UInt64.max)).tmp-\(getpid())")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path: temporary, reason: Directory.describe(errno)) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        if let failure = Directory.writeAll(bytes, to: descriptor) {
            close(descriptor)
            throw .cannotWrite(path: temporary, reason: Directory.describe(failure))
        }
        let synced = fsync(descriptor) == 0 ? nil : Directory.describe(errno)
        close(descriptor)
        if let synced { throw .cannotWrite(path: temporary, reason: synced) }
        guard rename(temporary, target) == 0 else {
            throw .cannotWrite(path: target, reason: Directory.describe(errno))
        }
        renamed = true
        Directory.sync(directory)
    }
}
