/// One system call of ``FileRestorationStorage``, named so that a test can make it fail.
///
/// The raw value is the operation named in the resulting
/// ``RestorationError/io(operation:path:code:message:)``.
@_spi(Testing) public enum StorageStep: String, CaseIterable, Hashable, Sendable {
    /// `mkdir` of the directory or one of its missing parents.
    case createDirectory = "create directory"
    /// `open(O_CREAT | O_EXCL)` of the temporary file.
    case createTemporary = "create"
    /// `write` into the temporary file (every call of the loop).
    case write
    /// `fsync` of the temporary file.
    case fsync
    /// `rename` of the temporary file over the item.
    case rename
    /// `fsync` of the directory, after the rename.
    case syncDirectory = "fsync directory"
    /// `unlink` of an item.
    case remove
    /// `open` of an item to read it.
    case open
    /// `read` of an item.
    case read
}

/// Makes chosen steps of a ``FileRestorationStorage`` fail with an `errno`, as a full
/// disk (`ENOSPC`), a read-only file system (`EROFS`) or a failing device (`EIO`) would.
///
/// The step fails instead of making its system call: the storage then sees exactly what
/// the kernel would have told it, and takes its real error path (removing its temporary
/// file, keeping the previous item). Tests and the reliability suite use it, through
/// `@_spi(Testing) import StateRestoration`; an app never does. Running as root,
/// permission bits stop nothing, so this is how a read-only directory is tested on every
/// machine.
@_spi(Testing) public struct StorageFaults: Sendable {
    /// Returns the `errno` with which `step` on `path` fails, or nil to run it for real.
    public var decide: @Sendable (_ step: StorageStep, _ path: String) -> Int32?
    /// Told of every operation that changed the directory, after it succeeded (rule X2).
    public var record: (@Sendable (StorageOperation) -> Void)? = nil

    /// Creates faults from a decision made before each step.
    public init(_ decide: @escaping @Sendable (_ step: StorageStep, _ path: String) -> Int32?) {
        self.decide = decide
    }

    /// Every `step` fails with `code`; every other step runs.
    public static func failing(_ step: StorageStep, with code: Int32) -> StorageFaults {
        StorageFaults { candidate, _ in candidate == step ? code : nil }
    }
}
