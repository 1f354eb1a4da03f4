import Foundation
import HomepwnerCore
import TestSupport

/// A fresh temporary directory for one test, removed when the test lets go of it
/// (TestSupport's ``TemporaryDirectory``), with Homepwner's paths inside it.
final class Scratch: TemporaryDirectory {
    init() {
        super.init(prefix: "homepwner-tests")
    }

    /// Paths with both directories inside this scratch directory.
    var paths: HomepwnerPaths {
        HomepwnerPaths(dataDirectory: file("data/homepwner"), stateDirectory: file("state/homepwner"))
    }
}
