import CSQLite
import Foundation

/// Photos (rule H6): attached, removed and drawn through the ``ImageStore``, with
/// `has_photo` kept in step; orphaned files removed.
extension ItemStore {
    // MARK: - Photos

    /// Imports the image file at `path` (PNG or JPEG, within the image store's limits) as
    /// the photo of the item with `key`, replacing any earlier photo.
    /// - Returns: The item, now with `hasPhoto` set.
    /// - Throws: ``ItemStoreError/itemNotFound(_:)``, ``ItemStoreError/photo(_:)`` with the
    ///   reason the file was refused, or a database error.
    @discardableResult
    public func attachPhoto(fromPath path: String, to key: UUID) throws(ItemStoreError) -> Item {
        let photo: ImageStore.PreparedPhoto
        do {
            photo = try ImageStore.preparePhoto(fromPath: path, limits: images.limits)
        } catch {
            throw .photo(error)
        }
        return try attach(photo, to: key)
    }

    /// What the image store accepts: what ``ImageStore/preparePhoto(fromPath:limits:)``
    /// needs, off this store's thread.
    public var imageLimits: ImageLimits { images.limits }

    /// Stores a photo prepared off this thread (``ImageStore/preparePhoto(fromPath:limits:)``)
    /// as the photo of the item with `key`, as ``attachPhoto(fromPath:to:)`` does.
    /// - Returns: The item, now with `hasPhoto` set.
    /// - Throws: ``ItemStoreError/itemNotFound(_:)``, ``ItemStoreError/photo(_:)`` if it
    ///   cannot be written, or a database error.
    @discardableResult
    public func attach(_ photo: ImageStore.PreparedPhoto, to key: UUID) throws(ItemStoreError) -> Item {
        guard var item = try item(forKey: key) else { throw .itemNotFound(key) }
        do {
            try images.store(photo, for: key)
        } catch {
            throw .photo(error)
        }
        let changed = try database.execute(
            "UPDATE items SET has_photo = 1 WHERE item_key = ?1", [.text(ItemKey.text(key))],
            operation: "attach photo")
        if changed == 0 { throw .itemNotFound(key) }
        item.hasPhoto = true
        return item
    }

    /// Removes the photo of the item with `key` (nothing happens if it has none). The flag
    /// is cleared first, so a crash in between leaves an orphan file, never a missing photo.
    public func removePhoto(from key: UUID) throws(ItemStoreError) {
        try database.execute(
            "UPDATE items SET has_photo = 0 WHERE item_key = ?1", [.text(ItemKey.text(key))],
            operation: "remove photo")
        do {
            try images.removePhoto(for: key)
        } catch {
            throw .photo(error)
        }
    }

    /// The photo of `key` as a half-block thumbnail, or nil when the item has no photo.
    /// - Throws: ``ItemStoreError/photo(_:)`` when the file is missing or unreadable.
    public func thumbnail(
        for key: UUID, maximumColumns: Int = Thumbnail.defaultColumns,
        maximumRows: Int = Thumbnail.defaultRows
    ) throws(ItemStoreError) -> Thumbnail? {
        guard try item(forKey: key)?.hasPhoto == true else { return nil }
        do {
            return try images.thumbnail(for: key, maximumColumns: maximumColumns, maximumRows: maximumRows)
        } catch {
            throw .photo(error)
        }
    }

    /// The thumbnail of `key` when one is at hand without a decode (made by an import or an
    /// earlier decode this session).
    public func cachedThumbnail(for key: UUID) -> Thumbnail? {
        images.cachedThumbnail(for: key)
    }

    /// The decode of the photo of `key`, for another thread (``ImageStore/thumbnailDecode(for:maximumColumns:maximumRows:)``);
    /// its result goes back to ``remember(_:for:)``.
    /// - Throws: ``ItemStoreError/photo(_:)`` when there is no file, or its directory is refused.
    public func thumbnailDecode(for key: UUID) throws(ItemStoreError)
        -> @Sendable () throws(ImageStoreError) -> Thumbnail
    {
        do {
            return try images.thumbnailDecode(for: key)
        } catch {
            throw .photo(error)
        }
    }

    /// True if the photo of `key` decodes in a few milliseconds (``ImageStore/quickDecodePixels``).
    public func decodesQuickly(photoOf key: UUID) -> Bool {
        images.decodesQuickly(photoOf: key)
    }

    /// Keeps a thumbnail decoded off this thread, so that the item shows it again at once.
    public func remember(_ thumbnail: Thumbnail, for key: UUID) {
        images.remember(thumbnail, for: key)
    }

    /// What a launch cleans: photo files whose item is gone (``removeOrphanedPhotos()``) and
    /// temporary files of photo imports whose process died midway.
    /// - Returns: How many files were removed.
    @discardableResult
    public func removeOrphanedFiles() throws(ItemStoreError) -> Int {
        let photos = try removeOrphanedPhotos()
        do {
            return photos + (try images.removeAbandonedTemporaryFiles(isLive: Self.isOtherLiveProcess))
        } catch {
            throw .photo(error)
        }
    }

    /// Deletes photo files whose item is gone or whose `has_photo` is 0 (left by a crash
    /// between the two steps of a delete, or by rows deleted with `sqlite3`).
    /// - Returns: How many files were removed.
    @discardableResult
    public func removeOrphanedPhotos() throws(ItemStoreError) -> Int {
        var keep = Set<UUID>()
        try database.query("SELECT item_key FROM items WHERE has_photo = 1", operation: "list photos") {
            row throws(ItemStoreError) in
            keep.insert(try key(from: row, column: 0))
        }
        do {
            var removed = 0
            for key in try images.storedKeys() where !keep.contains(key) {
                try images.removePhoto(for: key)
                removed += 1
            }
            return removed
        } catch {
            throw .photo(error)
        }
    }
}
