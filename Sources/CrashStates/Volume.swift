@_spi(Testing) import StateRestoration

/// A tree of directories and files, as the kernel sees it and as the disk holds it: the
/// state that ``PowerLossSimulator`` carries through the operations.
///
/// Every directory has its own entries, made durable by its own `fsync` (sessions live in
/// directories below the state directory, and move files between them).
struct Volume {
    /// A write not yet made durable by an `fsync`.
    struct Write {
        var offset: Int
        var bytes: [UInt8]
    }

    /// One change of one directory's entries: a create, a link, a rename or an unlink.
    struct EntryChange {
        /// The directory whose entries change.
        var directory: Int
        /// The names it sets (to an inode) or clears (nil).
        var assignments: [(name: String, inode: Int?)]
        /// The inode it renamed over an existing file, if it did.
        var replacingInode: Int?
        /// The operation it belongs to: a rename between two directories is two changes of
        /// one group, which ext4's journal commits together.
        var group: Int
    }

    /// The directory every path starts from, or nil: every path then names a file of the
    /// one root directory by its last component.
    let root: String?
    /// The root directory's inode.
    static let rootInode = 0
    /// The inodes that are directories.
    var directories: Set<Int> = [Volume.rootInode]
    /// Each directory's entries (name to inode), as processes see them.
    var entries: [Int: [String: Int]] = [Volume.rootInode: [:]]
    /// Each directory's entries as of its last `fsync`.
    var durableEntries: [Int: [String: Int]] = [Volume.rootInode: [:]]
    /// Inode to bytes, as processes see them.
    var data: [Int: [UInt8]] = [:]
    /// Inode to bytes, as of each file's last `fsync`.
    var durableData: [Int: [UInt8]] = [:]
    /// The writes since each file's last `fsync`.
    var pendingWrites: [Int: [Write]] = [:]
    /// The entry changes not yet durable, in order.
    var pendingEntries: [EntryChange] = []
    private var nextInode = 1
    private var nextGroup = 0

    init(initial: DirectoryImage, root: String? = nil) {
        self.root = root
        for directory in initial.directories.sorted(by: { $0.count < $1.count }) {
            guard let (parent, name) = location(directory, relative: true) else { continue }
            let inode = newInode()
            directories.insert(inode)
            entries[inode] = [:]
            entries[parent, default: [:]][name] = inode
        }
        for (path, bytes) in initial.files.sorted(by: { $0.key < $1.key }) {
            guard let (parent, name) = location(path, relative: true) else { continue }
            let inode = newInode()
            entries[parent, default: [:]][name] = inode
            data[inode] = bytes
        }
        durableEntries = entries
        durableData = data
    }

    /// The files and directories as processes see them.
    var liveImage: DirectoryImage {
        image(of: entries).image
    }

    mutating func apply(_ operation: StorageOperation, model: CrashModel) {
        switch operation {
        case .create(let path):
            guard let (parent, name) = location(path) else { return }
            let inode = newInode()
            data[inode] = []
            durableData[inode] = []
            change([(parent, [(name, inode)])])
        case .makeDirectory(let path):
            guard let (parent, name) = location(path) else { return }
            let inode = newInode()
            directories.insert(inode)
            entries[inode] = [:]
            durableEntries[inode] = [:]
            change([(parent, [(name, inode)])])
        case .write(let path, let offset, let bytes):
            guard let inode = inode(path) else { return }
            Self.put(bytes[...], at: offset, into: &data[inode, default: []])
            pendingWrites[inode, default: []].append(Write(offset: offset, bytes: bytes))
        case .fsync(let path):
            guard let inode = inode(path) else { return }
            durableData[inode] = data[inode]
            pendingWrites[inode] = nil
            // ext4's fsync commits the journal: every entry change before it.
            if model == .ext4Ordered { commitEntries(model, directory: nil) }
        case .rename(let from, let to):
            guard let (source, oldName) = location(from), let (target, newName) = location(to),
                let inode = entries[source]?[oldName]
            else { return }
            let replacing = entries[target]?[newName] != nil ? inode : nil
            if source == target {
                change([(source, [(newName, inode), (oldName, nil)])], replacing: replacing)
            } else {
                change([(target, [(newName, inode)]), (source, [(oldName, nil)])], replacing: replacing)
            }
        case .link(let from, let to):
            guard let inode = inode(from), let (target, name) = location(to) else { return }
            change([(target, [(name, inode)])])
        case .syncDirectory(let path):
            guard let directory = directoryInode(path) else { return }
            commitEntries(model, directory: directory)
        case .remove(let path), .removeDirectory(let path):
            guard let (parent, name) = location(path), entries[parent]?[name] != nil else { return }
            change([(parent, [(name, nil)])])
        }
    }

    /// Applies the changes of one operation, one per directory, as one group.
    private mutating func change(
        _ changes: [(directory: Int, assignments: [(name: String, inode: Int?)])], replacing: Int? = nil
    ) {
        for (index, (directory, assignments)) in changes.enumerated() {
            for (name, inode) in assignments { entries[directory, default: [:]][name] = inode }
            pendingEntries.append(
                EntryChange(
                    directory: directory, assignments: assignments,
                    replacingInode: index == 0 ? replacing : nil,
                    group: nextGroup))
        }
        nextGroup += 1
    }

    /// Makes the pending changes of `directory` durable (POSIX), or all of them (ext4's
    /// journal, or `directory` nil).
    private mutating func commitEntries(_ model: CrashModel, directory: Int?) {
        var kept: [EntryChange] = []
        for change in pendingEntries {
            guard model == .ext4Ordered || directory == nil || change.directory == directory else {
                kept.append(change)
                continue
            }
            // auto_da_alloc: ext4 writes a file's data before the rename that replaced
            // another file with it commits.
            if model == .ext4Ordered, let inode = change.replacingInode {
                durableData[inode] = data[inode]
                pendingWrites[inode] = nil
            }
            for (name, inode) in change.assignments {
                durableEntries[change.directory, default: [:]][name] = inode
            }
        }
        pendingEntries = kept
    }

    /// Every file and directory reachable from the root through `entries`, by path from it.
    func image(of entries: [Int: [String: Int]]) -> (image: DirectoryImage, inodes: [String: Int]) {
        var image = DirectoryImage()
        var inodes: [String: Int] = [:]
        var stack: [(inode: Int, path: String)] = [(Self.rootInode, "")]
        var visited: Set<Int> = []
        while let (directory, prefix) = stack.popLast() {
            guard visited.insert(directory).inserted else { continue }
            for (name, inode) in entries[directory] ?? [:] {
                let path = prefix.isEmpty ? name : prefix + "/" + name
                if directories.contains(inode) {
                    image.directories.insert(path)
                    stack.append((inode, path))
                } else {
                    inodes[path] = inode
                    image.files[path] = data[inode] ?? []
                }
            }
        }
        return (image, inodes)
    }

    private mutating func newInode() -> Int {
        defer { nextInode += 1 }
        return nextInode
    }

    /// The directory and name that `path` stands for, or nil if it is outside the root (or
    /// under a directory that does not exist). `relative` paths start at the root.
    func location(_ path: String, relative: Bool = false) -> (directory: Int, name: String)? {
        let components: [Substring]
        if relative {
            components = path.split(separator: "/")
        } else if let root {
            guard path.hasPrefix(root + "/") else { return nil }
            components = path.dropFirst(root.count + 1).split(separator: "/")
        } else {
            components = [Substring(Self.name(path))]
        }
        guard let name = components.last else { return nil }
        var directory = Self.rootInode
        for component in components.dropLast() {
            guard let next = entries[directory]?[String(component)], directories.contains(next) else {
                return nil
            }
            directory = next
        }
        return (directory, String(name))
    }

    private func inode(_ path: String) -> Int? {
        guard let (directory, name) = location(path) else { return nil }
        return entries[directory]?[name]
    }

    private func directoryInode(_ path: String) -> Int? {
        if root == nil || path == root { return Self.rootInode }
        guard let inode = inode(path), directories.contains(inode) else { return nil }
        return inode
    }

    /// The last component of a path.
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
