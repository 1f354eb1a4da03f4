import Foundation
import HomepwnerCore
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

/// One launch of Homepwner on a headless terminal, wired exactly as the executable wires
/// it (``HomepwnerApplication``), on a real SQLite store in a scratch directory and an
/// in-memory archive that outlives the launch, as a disk outlives a killed process.
///
/// A "kill" is simply dropping the launch: nothing more runs. A relaunch opens the store
/// again and restores from the same storage.
@MainActor
final class HeadlessHomepwner: HeadlessLaunch {
    let terminal: HeadlessTerminal
    let application: Application
    let context: HomepwnerContext
    let store: ItemStore
    /// The directories the store and the state are in.
    let paths: HomepwnerPaths
    /// The archive's storage when it is in memory: what ``relaunched(size:fresh:)`` restores from.
    let storage: InMemoryStorage?
    private let colorEnabled: Bool
    /// The scratch directory this launch was given (``init(scratch:storage:size:colorEnabled:)``),
    /// kept as long as this launch or a relaunch of it is.
    private var scratch: Scratch?

    /// Launches the app on a new scratch directory whose store holds `items` (the five sample
    /// items unless told).
    /// - Parameters:
    ///   - items: Name, serial number and value of each item, in order.
    ///   - storage: The archive's storage; a new one unless told.
    ///   - size: The terminal's size.
    ///   - colorEnabled: False as under `NO_COLOR`.
    static func launched(
        items: [(String, String, Int)] = sampleItems, storage: InMemoryStorage = InMemoryStorage(),
        size: Size = Size(width: 60, height: 12), colorEnabled: Bool = true
    ) throws -> HeadlessHomepwner {
        try HeadlessHomepwner(
            scratch: try scratchStore(items), storage: storage, size: size, colorEnabled: colorEnabled)
    }

    /// Launches the app on `scratch`'s directories, and keeps the directory as long as this
    /// launch or a relaunch of it is.
    convenience init(
        scratch: Scratch, storage: InMemoryStorage = InMemoryStorage(),
        size: Size = Size(width: 60, height: 12), colorEnabled: Bool = true
    ) throws {
        try self.init(paths: scratch.paths, storage: storage, size: size, colorEnabled: colorEnabled)
        self.scratch = scratch
    }

    /// Launches the app.
    /// - Parameters:
    ///   - paths: The scratch directories; the store is opened on them.
    ///   - storage: The archive's storage, shared between launches.
    ///   - size: The terminal's size.
    ///   - colorEnabled: False as under `NO_COLOR`.
    ///   - fresh: As `--fresh`.
    convenience init(
        paths: HomepwnerPaths, storage: InMemoryStorage = InMemoryStorage(),
        size: Size = Size(width: 60, height: 12), colorEnabled: Bool = true, fresh: Bool = false
    ) throws {
        try self.init(paths: paths, storage: storage, size: size, colorEnabled: colorEnabled) {
            context, terminal in
            HomepwnerApplication.makeApplication(
                context: context, driver: terminal, storage: storage,
                configuration: Self.configuration, startsFresh: fresh)
        }
    }

    /// Launches the app on any storage (files with injected faults, say).
    convenience init(paths: HomepwnerPaths, anyStorage storage: any RestorationStorage) throws {
        try self.init(paths: paths, storage: nil, size: Size(width: 60, height: 12), colorEnabled: true) {
            context, terminal in
            HomepwnerApplication.makeApplication(
                context: context, driver: terminal, storage: storage,
                configuration: Self.configuration)
        }
    }

    /// Launches the app on a session, as the executable does (rules S1–S6).
    /// - Parameters:
    ///   - paths: The scratch directories; the store is opened on them.
    ///   - session: The session this launch holds (the launch keeps it until dropped).
    ///   - opening: As `--open`: an item to show.
    ///   - size: The terminal's size.
    convenience init(
        paths: HomepwnerPaths, session: RestorationSession, opening: Item.ID? = nil,
        size: Size = Size(width: 60, height: 12)
    ) throws {
        try self.init(paths: paths, storage: nil, size: size, colorEnabled: true) { context, terminal in
            HomepwnerApplication.makeApplication(
                context: context, driver: terminal, session: session,
                configuration: Self.configuration, opening: opening)
        }
    }

    /// Launches the app in the session of the state directory that `choice` picks, as
    /// `--session` and `--fresh` do (rules S1–S6).
    convenience init(
        paths: HomepwnerPaths, choosing choice: SessionChoice, opening: Item.ID? = nil,
        size: Size = Size(width: 60, height: 12)
    ) throws {
        let sessions = RestorationSessions(stateDirectory: paths.stateDirectory)
        try self.init(paths: paths, session: try sessions.open(choice).session, opening: opening, size: size)
    }

    private init(
        paths: HomepwnerPaths, storage: InMemoryStorage?, size: Size, colorEnabled: Bool,
        make: (HomepwnerContext, HeadlessTerminal) -> Application
    ) throws {
        self.paths = paths
        self.storage = storage
        self.colorEnabled = colorEnabled
        store = try ItemStore(paths: paths)
        terminal = HeadlessTerminal(size: size)
        context = HomepwnerContext(store: store, colorEnabled: colorEnabled)
        application = make(context, terminal)
        try application.launch()
    }

    /// Ends this launch as `kill -9` would: writes already handed to the write queue land,
    /// nothing else runs, and the session's lock goes (the kernel's part, rule S2).
    func kill() {
        application.engine.waitForPendingWrites()
        expectEveryChangeSaid()
        application.session?.release()
    }

    /// The app's configuration, with every incremental save checked against a full pass
    /// (rule P1): a change no object said is a diagnostic, which fails the test.
    static var configuration: RestorationConfiguration {
        var configuration = HomepwnerApplication.configuration(debugOutput: .off)
        configuration.checksIncrementalSaves = true
        return configuration
    }

    /// How many of the engine's diagnostics were looked at for changes not said.
    private var diagnosticsChecked = 0

    /// Fails the test on each change that an incremental save found no object had said
    /// (rule P1): the state it names would be lost by a `kill -9` before the next full save.
    func expectEveryChangeSaid(sourceLocation: SourceLocation = #_sourceLocation) {
        let diagnostics = application.engine.diagnostics
        for diagnostic in diagnostics.dropFirst(diagnosticsChecked) where diagnostic.isUnsaidChange {
            Issue.record("P1: \(diagnostic)", sourceLocation: sourceLocation)
        }
        diagnosticsChecked = diagnostics.count
    }

    /// Ends this launch as `kill -9` would (``kill()``) and launches the app again on the same
    /// directories and archive storage, colours as they were: the launch that restores.
    /// - Parameters:
    ///   - size: The terminal's size; this terminal's size now unless told.
    ///   - fresh: As `--fresh`.
    func relaunched(size: Size? = nil, fresh: Bool = false) throws -> HeadlessHomepwner {
        let storage = try #require(storage, "only a launch on in-memory storage relaunches")
        kill()
        let next = try HeadlessHomepwner(
            paths: paths, storage: storage, size: size ?? terminal.size, colorEnabled: colorEnabled,
            fresh: fresh)
        next.scratch = scratch
        return next
    }

    /// Presses a (Add) and types `name` in the New Item screen's name field.
    func startNewItem(named name: String) {
        press(.character("a"))
        type(name)
    }

    /// Moves the terminal's clock (the run loop's timers, so the engine's debounce, run on
    /// it) in steps of at most 50 ms, letting due timers fire at each, as the run loop does:
    /// a timer that a timer schedules (a save after a commit) fires within the same advance.
    /// Then waits for the background write to land.
    func advance(by duration: Duration) {
        var left = duration
        while left > .zero {
            let step = min(left, .milliseconds(50))
            terminal.advanceTime(by: step)
            application.processEvents()
            left -= step
        }
        application.engine.waitForPendingWrites()
        expectEveryChangeSaid()
    }

    /// The screen's rows.
    var lines: [String] { terminal.text.components(separatedBy: "\n") }

    /// The text of the highlighted row of the list (reverse video), if one is shown.
    var highlightedRow: String? {
        (1..<max(1, terminal.screen.size.height - 1)).first { y in
            terminal.screen[1, y].style.attributes.contains(.reverse)
        }.map { terminal.screen.line($0) }
    }

    /// Where the screens are: the tabs at the root (rule T5).
    var screens: Screens? { Screens(window: application.window) }

    /// The tab bar controller at the root.
    var tabs: TabBarController? { screens?.tabs }

    /// The navigation controller of the list: the Items tab's primary column.
    var navigation: NavigationController? { screens?.split?.primaryNavigationController }

    /// What the root presents (the New Item screen's navigation controller, an alert).
    var presented: ViewController? { tabs?.presentedViewController }

    /// The items list.
    var list: ItemsViewController? { screens?.list }

    /// The detail screen shown: inside the presented navigation controller, or open in
    /// the Items tab (beside the list, or over it).
    var detail: DetailViewController? {
        if let modal = screens?.modal { return modal.topViewController as? DetailViewController }
        return screens?.openDetail
    }

    /// The item at `index` in the store's order; fails the test if there is none.
    func storedItem(_ index: Int) throws -> Item {
        try #require(try store.allItems().dropFirst(index).first, "no item at \(index)")
    }

    /// The names in the store, in list order.
    func storedNames() throws -> [String] {
        try store.allItems().map(\.name)
    }
}

/// A scratch directory with a store holding `items` (name, serial, value), in order.
@MainActor
func scratchStore(_ items: [(String, String, Int)]) throws -> Scratch {
    let scratch = Scratch()
    let store = try ItemStore(paths: scratch.paths)
    for (name, serial, value) in items {
        try store.createItem(name: name, serialNumber: serial, valueInDollars: value)
    }
    return scratch
}

/// The list of the sample items on a 40x12 terminal (rule H11): narrower columns, the
/// essential keys. The same in tmux as headless.
let sampleListAt40x12 = """
     Edit          Homepwner            Add
     Shiny Spork              4K2M9     $12
     Rusty Bear               0A1B2     $35
     Fluffy Mac               7Z9Y3     $99
     毛茸茸的熊               3C4D5  $1,200
     Shiny Bear               8E8F1      $0





    Enter Open  a Add  Del Delete  q Quit
    """

/// The detail screen of Rusty Bear (the second sample item) as it opens on a terminal 12 rows
/// high: its bar, then its form, the same at any width, its creation date `created`, then
/// its footer.
func rustyBearDetail(bar: String, created: String, footer: String) -> String {
    """
    \(bar)
     Name     Rusty Bear
     Serial   0A1B2
     Value $  35
     Created  \(created)
     Photo    path of a PNG or JPEG + Enter

     Notes    notes, any number of lines


     No photo
    \(footer)
    """
}

/// Five items with distinct names: what most tests start from.
let sampleItems: [(String, String, Int)] = [
    ("Shiny Spork", "4K2M9", 12), ("Rusty Bear", "0A1B2", 35), ("Fluffy Mac", "7Z9Y3", 99),
    ("毛茸茸的熊", "3C4D5", 1200), ("Shiny Bear", "8E8F1", 0),
]
