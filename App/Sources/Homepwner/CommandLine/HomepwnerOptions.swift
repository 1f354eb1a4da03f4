import HomepwnerLaunch

/// What the `homepwner` command line asks for, once parsed and checked: the options it
/// shares with `homepwner-gtk` (rule G1).
typealias HomepwnerOptions = LaunchOptions
