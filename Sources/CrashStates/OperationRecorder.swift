@_spi(Testing) import StateRestoration
import Synchronization

/// Collects the operations a ``FileRestorationStorage`` reports, from any thread (the
/// engine writes continuous saves on its own queue).
final class OperationRecorder: Sendable {
    private let operations = Mutex<[StorageOperation]>([])

    /// Faults that fail nothing and record into this recorder.
    var faults: StorageFaults {
        StorageFaults(recording: { [self] operation in operations.withLock { $0.append(operation) } })
    }

    /// What was recorded so far.
    var recorded: [StorageOperation] { operations.withLock { $0 } }
}
