import StateRestoration

extension HarnessLaunch {
    /// Says that this launch was fine: it restored, and would have run past the crash-loop
    /// window, so it does not count towards the crash-loop guard (rules R18, R35).
    ///
    /// The engine counts each launch that restored until the launch is confirmed: by a
    /// save on entering the background or on termination (``save(reason:)`` with its
    /// default reason does that), by a continuous save, or by living past
    /// `RestorationConfiguration.crashLoopWindow`, which a test's clock
    /// (``RestorationHarness/scheduler``) never reaches by itself. A test that relaunches
    /// without saving in between, and without calling this, looks to the engine like an app
    /// that died soon after restoring: at the third such launch the archive is thrown away,
    /// with an `archive discarded` diagnostic. Call this before ``kill()`` when that is not
    /// what the test is about.
    public func confirmLaunchIsStable() {
        engine.confirmLaunchIsStable()
    }
}
