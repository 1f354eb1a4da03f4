/// An app that ``RestorationFuzzer`` drives: it launches the app headless, plays events
/// into it, saves it, and describes what a user would see (rule X1).
///
/// Every launch of one run shares the target's storage, as a disk outlives a process:
/// ``launch()`` restores whatever the last ``save(_:)`` wrote. ``reset()`` goes back to
/// the start (an empty state directory, the app's starting data), so that a run and each
/// replay of the shrinker begin the same way.
@MainActor
public protocol RestorationFuzzTarget: AnyObject {
    /// One input: a key, a paste, a resize, a change of the app's data from outside.
    ///
    /// An event carries everything it needs (the text of a paste, the seed of an outside
    /// change), so that replaying a list of events does the same thing again.
    associatedtype Event: CustomStringConvertible & Sendable
    /// One launch of the app.
    associatedtype Launch

    /// Goes back to the start: no saved state, the app's data as at the first launch.
    /// - Throws: What preparing the data throws; the run stops.
    func reset() throws
    /// Launches the app, restoring what the storage holds, and lets it draw.
    /// - Throws: What launching throws; the run stops.
    func launch() throws -> Launch
    /// A random event, chosen with `generator`; the launch tells what makes sense now.
    func randomEvent(for launch: Launch, using generator: inout some RandomNumberGenerator) -> Event
    /// Plays `event` into the launch and lets the app settle (due timers fired, frame drawn).
    /// - Throws: What an outside change of the app's data throws; the run stops.
    func apply(_ event: Event, to launch: Launch) throws
    /// Saves as the app does when it enters the background.
    /// - Throws: A save that failed; the run stops.
    func save(_ launch: Launch) throws
    /// Ends the launch as `kill -9` would: nothing of it runs again.
    func tearDown(_ launch: Launch)
    /// What a user sees of the launch, and the state it declares.
    func snapshot(of launch: Launch) -> RestorationSnapshot
}
