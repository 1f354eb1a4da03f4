import Foundation

/// The tmux terminals one test opens, closed together when the test ends.
///
/// An end-to-end suite holds one (`let terminals = Terminals()`). Swift Testing makes a new
/// suite instance for every test and releases it when the test ends, whether it passed,
/// failed or threw, and the terminals close with it: no `defer { session.close() }` to
/// forget, and no tmux server left behind by a test that stopped half-way.
final class Terminals {
    private var opened: [HomepwnerTmux] = []

    deinit {
        for terminal in opened.reversed() { terminal.close() }
    }

    /// Keeps `terminal` to close with the others, and returns it.
    private func keep(_ terminal: HomepwnerTmux) -> HomepwnerTmux {
        opened.append(terminal)
        return terminal
    }

    /// A terminal of `width`x`height` with a shell, nothing launched yet
    /// (``HomepwnerTmux/init(width:height:)``).
    func open(width: Int = 60, height: Int = 12) throws -> HomepwnerTmux {
        keep(try HomepwnerTmux(width: width, height: height))
    }

    /// A terminal whose app keeps its data and state under `root`
    /// (``HomepwnerTmux/init(width:height:root:)``).
    func open(width: Int = 60, height: Int = 12, root: String) throws -> HomepwnerTmux {
        keep(try HomepwnerTmux(width: width, height: height, root: root))
    }

    /// A terminal running Homepwner, its first frame showing `ready`
    /// (``HomepwnerTmux/launched(width:height:items:arguments:environment:ready:)``).
    func launched(
        width: Int = 60, height: Int = 12, items: [(String, String, Int)] = sampleItems,
        arguments: String = "", environment: String = "", ready: String = "Homepwner"
    ) async throws -> HomepwnerTmux {
        keep(
            try await HomepwnerTmux.launched(
                width: width, height: height, items: items, arguments: arguments, environment: environment,
                ready: ready))
    }

    /// Two terminals on the same directories, each running Homepwner on the sample items
    /// (``HomepwnerTmux/twoInstances(width:height:)``).
    func twoInstances(width: Int = 80, height: Int = 24) async throws -> (
        left: HomepwnerTmux, right: HomepwnerTmux
    ) {
        let (left, right) = try await HomepwnerTmux.twoInstances(width: width, height: height)
        return (keep(left), keep(right))
    }
}
