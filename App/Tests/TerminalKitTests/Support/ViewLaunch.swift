import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

/// One launch of an app whose root is `root`, on a headless terminal of `size`, restoring
/// what `storage` holds: a relaunch is another `ViewLaunch` on the same storage. Keys are
/// pressed and typed through TerminalKit's `HeadlessLaunch`; the delegate is
/// ``RestoringDelegate``, which saves and restores everything.
@MainActor
final class ViewLaunch: HeadlessLaunch {
    /// The two terminal sizes every container is tested at (rule T6).
    nonisolated static let sizes = [Size(width: 40, height: 12), Size(width: 120, height: 40)]

    let terminal: HeadlessTerminal
    let application: Application

    init(root: ViewController, size: Size, storage: InMemoryStorage = InMemoryStorage()) throws {
        terminal = HeadlessTerminal(size: size)
        application = Application(
            delegate: RestoringDelegate(root: root), driver: terminal,
            configuration: .checked(appName: "t", appVersion: "1"),
            storage: storage)
        try application.launch()
        application.processEvents()
    }

    /// Sends raw terminal bytes (through the key decoder), then lets the app handle them.
    func send(_ bytes: String) {
        terminal.send(bytes: Array(bytes.utf8))
        application.processEvents()
    }

    /// Saves as Ctrl-Z does, and waits until the archive is written.
    func saveAndSuspend() {
        application.suspend()
        application.engine.waitForPendingWrites()
    }

    /// The cells shown in reverse video (a selection), as points.
    var reversedCells: [Point] {
        let size = terminal.screen.size
        return (0..<size.height).flatMap { y in
            (0..<size.width).compactMap { x in
                terminal.screen[x, y].style.attributes.contains(.reverse) ? Point(x: x, y: y) : nil
            }
        }
    }
}

/// Launches an app of `delegate` on a headless terminal of `size`, on `storage`, the engine's
/// timers on `scheduler` (the run loop's unless told); a launch that throws fails the test.
@MainActor
func launchHeadless(
    _ delegate: any ApplicationDelegate, size: Size, storage: InMemoryStorage = InMemoryStorage(),
    scheduler: (any RestorationScheduler)? = nil
) -> (Application, HeadlessTerminal) {
    let terminal = HeadlessTerminal(size: size)
    let app = Application(
        delegate: delegate, driver: terminal,
        configuration: .checked(appName: "t", appVersion: "1"),
        storage: storage, scheduler: scheduler)
    #expect(throws: Never.self) { try app.launch() }
    return (app, terminal)
}

/// Runs `work` and returns how many characters it measured (``TextWidth/measurementCounter``).
@MainActor
func widthMeasurements(_ work: () throws -> Void) rethrows -> Int {
    let counter = WidthMeasurementCounter()
    try TextWidth.$measurementCounter.withValue(counter) { try work() }
    return counter.count
}

/// Runs `work` and returns the UTF-8 bytes of the characters it measured: the work where a
/// character can be long (``WidthMeasurementCounter/bytes``).
@MainActor
func bytesMeasured(_ work: () throws -> Void) rethrows -> Int {
    let counter = WidthMeasurementCounter()
    try TextWidth.$measurementCounter.withValue(counter) { try work() }
    return counter.bytes
}

/// Changes the saved entries of the object whose identifier is `identifier` in the archive
/// `storage` holds, as a hostile or damaged file would have them.
func editArchive(
    in storage: InMemoryStorage, identifier: String, _ edit: (inout [ArchiveEntry]) -> Void
) throws {
    let bytes = try #require(storage[.archive])
    var archive = try Archive(bytes: bytes)
    let record = try #require(archive.records.firstIndex { $0.path.last?.identifier == identifier })
    edit(&archive.records[record].entries)
    storage[.archive] = archive.encodedBytes()
}

extension [ArchiveEntry] {
    /// Sets a key's value, adding the key if it is missing.
    mutating func set(_ key: String, to value: StateValue) {
        if let index = firstIndex(where: { $0.key == key }) {
            self[index].value = value
        } else {
            append(ArchiveEntry(key: key, value: value))
        }
    }
}
