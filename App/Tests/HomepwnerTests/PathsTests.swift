import HomepwnerCore
import Testing

@Suite("Paths: XDG data and state directories")
struct PathsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var environment: [String: String]
        var data: String?
        var state: String?
        var expectedData: String
        var expectedState: String
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(
            label: "defaults under HOME", environment: ["HOME": "/home/ann"],
            expectedData: "/home/ann/.local/share/homepwner",
            expectedState: "/home/ann/.local/state/homepwner"),
        Case(
            label: "XDG variables win",
            environment: ["HOME": "/home/ann", "XDG_DATA_HOME": "/d", "XDG_STATE_HOME": "/s/"],
            expectedData: "/d/homepwner", expectedState: "/s/homepwner"),
        Case(
            label: "relative or empty XDG variables are ignored",
            environment: ["HOME": "/home/ann", "XDG_DATA_HOME": "rel", "XDG_STATE_HOME": ""],
            expectedData: "/home/ann/.local/share/homepwner",
            expectedState: "/home/ann/.local/state/homepwner"),
        Case(
            label: "overrides are the directories themselves", environment: ["XDG_DATA_HOME": "/d"],
            data: "/tmp/hp-data", state: "relative/state",
            expectedData: "/tmp/hp-data", expectedState: "/work/relative/state"),
    ]

    @Test("H7/H10: data and state directories follow XDG, --data-dir and --state-dir", arguments: cases)
    func resolves(_ example: Case) throws {
        let paths = try HomepwnerPaths.resolve(
            environment: example.environment, dataDirectory: example.data, stateDirectory: example.state,
            currentDirectory: "/work")
        #expect(paths.dataDirectory == example.expectedData)
        #expect(paths.stateDirectory == example.expectedState)
        #expect(paths.databasePath == example.expectedData + "/items.sqlite")
        #expect(paths.imagesDirectory == example.expectedData + "/images")
        #expect(paths.restorationArchivePath == example.expectedState + "/restoration.archive")
    }

    @Test("H10: without HOME or XDG variables the error names the variable")
    func noHome() {
        #expect(throws: HomepwnerPathsError.noHomeDirectory(variable: "XDG_DATA_HOME")) {
            try HomepwnerPaths.resolve(environment: [:], currentDirectory: "/")
        }
        let error = HomepwnerPathsError.noHomeDirectory(variable: "XDG_STATE_HOME")
        #expect(error.description.contains("XDG_STATE_HOME and HOME"))
        // An override makes HOME unnecessary.
        #expect(
            throws: Never.self,
            performing: {
                try HomepwnerPaths.resolve(environment: [:], dataDirectory: "/a", stateDirectory: "/b")
            })
        #expect(throws: HomepwnerPathsError.emptyOverride(option: "--data-dir")) {
            try HomepwnerPaths.resolve(environment: ["HOME": "/h"], dataDirectory: "")
        }
    }
}
