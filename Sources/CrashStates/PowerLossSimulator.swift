@_spi(Testing) import StateRestoration

/// Replays the file-system operations of a save and yields every state a power loss
/// could leave after any prefix of them, under a ``CrashModel`` (rule X2).
///
/// The directory starts as ``initial``, all of it durable. Paths are taken from ``root``
/// (directories below it included: sessions); without one, every path names a file of one
/// directory by its last component.
@_spi(Testing) public struct PowerLossSimulator: Sendable {
    /// The directory before the first operation, all of it on the disk.
    public let initial: DirectoryImage
    /// The operations, in the order they succeeded.
    public let operations: [StorageOperation]
    /// What a power loss may keep.
    public let model: CrashModel
    /// The directory the image is of; nil for one directory named by last components.
    public let root: String?

    /// Directories with more unsynced entry changes than this get every prefix of them
    /// instead of every subset, to bound the count (none of the engine's saves comes close).
    static let subsetLimit = 12
    /// The page size of partial data.
    static let page = 4096

    /// Creates a simulator.
    public init(
        initial: DirectoryImage, operations: [StorageOperation], model: CrashModel, root: String? = nil
    ) {
        self.initial = initial
        self.operations = operations
        self.model = model
        self.root = root
    }

    /// The directory as a process saw it: index 0 before any operation, index i after the
    /// i-th. What an item may be after a power loss at operation k is one of these, up to k.
    public func liveImages() -> [DirectoryImage] {
        var volume = Volume(initial: initial, root: root)
        var images = [volume.liveImage]
        for operation in operations {
            volume.apply(operation, model: model)
            images.append(volume.liveImage)
        }
        return images
    }

    /// Every distinct state a power loss right after the first `count` operations could
    /// leave on the disk.
    public func crashStates(after count: Int) -> Set<DirectoryImage> {
        var volume = Volume(initial: initial, root: root)
        for operation in operations.prefix(count) { volume.apply(operation, model: model) }
        var states = Set<DirectoryImage>()
        for kept in entryOptions(volume.pendingEntries) {
            var entries = volume.durableEntries
            var flushed = Set<Int>()
            for index in kept {
                let change = volume.pendingEntries[index]
                for (name, inode) in change.assignments {
                    entries[change.directory, default: [:]][name] = inode
                }
                if model == .ext4Ordered, let inode = change.replacingInode { flushed.insert(inode) }
            }
            let (shape, inodes) = volume.image(of: entries)
            var images = [DirectoryImage(files: [:], directories: shape.directories)]
            var contents: [Int: [[UInt8]]] = [:]
            for (path, inode) in inodes.sorted(by: { $0.key < $1.key }) {
                let variants =
                    contents[inode]
                    ?? dataVariants(
                        durable: volume.durableData[inode] ?? [], live: volume.data[inode] ?? [],
                        writes: volume.pendingWrites[inode] ?? [], flushed: flushed.contains(inode))
                contents[inode] = variants
                images = images.flatMap { image in
                    variants.map { bytes in
                        var next = image
                        next.files[path] = bytes
                        return next
                    }
                }
            }
            // Two names of one inode (a rename kept in part, a link) must show the same bytes.
            states.formUnion(images.filter { consistent($0, inodes: inodes) })
        }
        return states
    }

    private func consistent(_ image: DirectoryImage, inodes: [String: Int]) -> Bool {
        var seen: [Int: [UInt8]] = [:]
        for (name, inode) in inodes {
            guard let bytes = image.files[name] else { continue }
            if let other = seen[inode], other != bytes { return false }
            seen[inode] = bytes
        }
        return true
    }

    /// Which unsynced entry changes survive: any subset (POSIX) or a prefix of whole
    /// operations (ext4's journal: a rename between directories is one transaction).
    private func entryOptions(_ changes: [Volume.EntryChange]) -> [[Int]] {
        let count = changes.count
        if model == .ext4Ordered || count > Self.subsetLimit {
            var options: [[Int]] = [[]]
            for index in 0..<count
            where index == count - 1 || changes[index + 1].group != changes[index].group {
                options.append(Array(0...index))
            }
            return options
        }
        return (0..<(1 << count)).map { mask in (0..<count).filter { mask & (1 << $0) != 0 } }
    }

    /// What a file may hold: its durable bytes, all its writes, or part of them.
    private func dataVariants(
        durable: [UInt8], live: [UInt8], writes: [Volume.Write], flushed: Bool
    ) -> [[UInt8]] {
        guard !writes.isEmpty, durable != live else { return [live] }
        // ext4 writes a file's data before a rename that replaces another file commits.
        if flushed { return [live] }
        let total = writes.reduce(0) { $0 + $1.bytes.count }
        var cuts = Set([1, total / 2, total - 1])
        cuts.formUnion(stride(from: Self.page, to: total, by: Self.page))
        var variants = [durable, live]
        for cut in cuts.sorted() where cut > 0 && cut < total {
            let short = Self.apply(writes, onto: durable, upTo: cut)
            variants.append(short)
            if model == .posix {
                // The size reached the disk before the data: zeros after the prefix.
                variants.append(short + [UInt8](repeating: 0, count: max(live.count - short.count, 0)))
            }
        }
        if model == .posix {
            // Pages written back out of order: every other page of the new data.
            var scattered = durable + [UInt8](repeating: 0, count: max(live.count - durable.count, 0))
            for write in writes {
                for (index, byte) in write.bytes.enumerated()
                where (write.offset + index) / Self.page % 2 == 0 {
                    scattered[write.offset + index] = byte
                }
            }
            variants.append(scattered)
        }
        var unique: [[UInt8]] = []
        for variant in variants where !unique.contains(variant) { unique.append(variant) }
        return unique
    }

    /// `durable` with the first `limit` bytes of `writes` applied, in order.
    static func apply(_ writes: [Volume.Write], onto durable: [UInt8], upTo limit: Int) -> [UInt8] {
        var bytes = durable
        var remaining = limit
        for write in writes where remaining > 0 {
            let taken = write.bytes.prefix(remaining)
            Volume.put(taken, at: write.offset, into: &bytes)
            remaining -= taken.count
        }
        return bytes
    }
}
