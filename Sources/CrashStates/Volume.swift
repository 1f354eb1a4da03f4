@_spi(Testing) import StateRestoration

/// One directory, as the kernel sees it and as the disk holds it: the state that
/// ``PowerLossSimulator`` carries through the operations.
struct Volume {
    /// A write not yet made durable by an `fsync`.
    struct Write {
        var offset: Int
        var bytes: [UInt8]
    }

    /// One change of the directory's entries: a create, a rename or an unlink.
    struct EntryChange {
        /// The names it sets (to an inode) or clears (nil).
        var assignments: [(name: String, inode: Int?)]
        /// The inode it renamed over an existing file, if it did.
        var replacingInode: Int?
    }

    /// Name to inode, as processes see it.
    var entries: [String: Int] = [:]
    /// Inode to bytes, as processes see them.
    var data: [Int: [UInt8]] = [:]
    /// Name to inode, as of the directory's last `fsync`.
    var durableEntries: [String: Int] = [:]
    /// Inode to bytes, as of each file's last `fsync`.
    var durableData: [Int: [UInt8]] = [:]
    /// The writes since each file's last `fsync`.
    var pendingWrites: [Int: [Write]] = [:]
    /// The entry changes since the directory's last `fsync`, in order.
    var pendingEntries: [EntryChange] = []
    private var nextInode = 0

    init(initial: DirectoryImage) {
        for (name, bytes) in initial.files.sorted(by: { $0.key < $1.key }) {
            entries[name] = nextInode
            data[nextInode] = bytes
            nextInode += 1
        }
        durableEntries = entries
        durableData = data
    }

    /// The files as processes see them.
    var liveImage: DirectoryImage {
        DirectoryImage(files: entries.compactMapValues { data[$0] })
    }

    mutating func apply(_ operation: StorageOperation, model: CrashModel) {
        switch operation {
        case .create(let path):
            let inode = nextInode
            nextInode += 1
            data[inode] = []
            durableData[inode] = []
            change([(Self.name(path), inode)])
        case .write(let path, let offset, let bytes):
            guard let inode = entries[Self.name(path)] else { return }
            Self.put(bytes[...], at: offset, into: &data[inode, default: []])
            pendingWrites[inode, default: []].append(Write(offset: offset, bytes: bytes))
        case .fsync(let path):
            guard let inode = entries[Self.name(path)] else { return }
            durableData[inode] = data[inode]
            pendingWrites[inode] = nil
            // ext4's fsync commits the journal: every entry change before it.
            if model == .ext4Ordered { commitEntries(model) }
        case .rename(let from, let to):
            let (source, target) = (Self.name(from), Self.name(to))
            guard let inode = entries[source] else { return }
            let replacing = entries[target] != nil ? inode : nil
            change([(target, inode), (source, nil)], replacing: replacing)
        case .syncDirectory:
            commitEntries(model)
        case .remove(let path):
            guard entries[Self.name(path)] != nil else { return }
            change([(Self.name(path), nil)])
        }
    }

    private mutating func change(_ assignments: [(name: String, inode: Int?)], replacing: Int? = nil) {
        for (name, inode) in assignments { entries[name] = inode }
        pendingEntries.append(EntryChange(assignments: assignments, replacingInode: replacing))
    }

    private mutating func commitEntries(_ model: CrashModel) {
        // auto_da_alloc: ext4 writes a file's data before the rename that replaced another
        // file with it commits.
        if model == .ext4Ordered {
            for inode in pendingEntries.compactMap(\.replacingInode) {
                durableData[inode] = data[inode]
                pendingWrites[inode] = nil
            }
        }
        durableEntries = entries
        pendingEntries = []
    }

    /// The last component of a path: every file lives in the one directory.
    static func name(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Writes `bytes` at `offset`, growing `target` with zeros as `pwrite` past the end would.
    static func put(_ bytes: ArraySlice<UInt8>, at offset: Int, into target: inout [UInt8]) {
        if target.count < offset + bytes.count {
            target.append(contentsOf: [UInt8](repeating: 0, count: offset + bytes.count - target.count))
        }
        target.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
    }
}
