import Foundation
import HomepwnerCore
import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

@testable import Homepwner

/// Tab completion of photo paths.
@Suite("Homepwner: Tab completes photo paths")
@MainActor
struct PathCompletionTests {
    /// A folder with `cat.png`, `cats/`, `dog.jpg`, `dogma.png`, `.hidden.png`.
    private func folder() throws -> Scratch {
        let scratch = try scratchStore(sampleItems)
        for name in ["cat.png", "dog.jpg", "dogma.png", ".hidden.png", "cats/inside.png"] {
            try scratch.write(ImageFiles.quadrantsPNG, to: "photos/" + name)
        }
        return scratch
    }

    @Test(
        "H4: one name completes (a folder with /), several add what they share, then are listed; dot files wait for a dot",
        arguments: [
            ("photos/ca", PathCompletion.Outcome.completed("photos/cat")),
            ("photos/cat", .candidates(["cat.png", "cats/"])),
            ("photos/cats", .completed("photos/cats/")),
            ("photos/cats/", .completed("photos/cats/inside.png")),
            ("photos/d", .completed("photos/dog")),
            ("photos/dog", .candidates(["dog.jpg", "dogma.png"])),
            ("photos/dogm", .completed("photos/dogma.png")),
            ("photos/.h", .completed("photos/.hidden.png")),
            ("photos/x", .noMatch(directory: "photos/", prefix: "x")),
            ("nowhere/x", .noMatch(directory: "nowhere/", prefix: "x")),
            ("pho", .completed("photos/")),
            ("~/pho", .completed("~/photos/")),
            ("~", .completed("~/")),
            ("'photos/dogm'", .completed("photos/dogma.png")),
        ])
    func outcomes(typed: String, outcome: PathCompletion.Outcome) throws {
        let scratch = try folder()
        #expect(PathCompletion.complete(typed, home: scratch.path, directory: scratch.path) == outcome)
    }

    @Test("H4: an absolute path completes; a dropped file:// URL completes as its path")
    func absolute() throws {
        let scratch = try folder()
        #expect(
            PathCompletion.complete(scratch.file("photos/dogm"), home: "/nonexistent", directory: "/")
                == .completed(scratch.file("photos/dogma.png")))
        #expect(
            PathCompletion.complete(
                "file://" + scratch.file("photos/dogm"), home: "/nonexistent", directory: "/")
                == .completed(scratch.file("photos/dogma.png")))
    }

    @Test(
        "H4: in the photo field Tab completes the path, lists the names that fit, says when none does, and the footer says so; empty, Tab moves on"
    )
    func inTheDetailScreen() throws {
        let scratch = try folder()
        let app = try HeadlessHomepwner(paths: scratch.paths)
        app.press(.down, .enter, .tab, .tab, .tab)
        #expect(app.lines.last?.hasPrefix("Tab Next field") == true)
        app.type(scratch.file("photos/dog"))
        #expect(app.lines.last?.hasPrefix("Tab Complete path") == true)
        app.press(.tab)
        #expect(app.lines[6] == " 2 names fit: dog.jpg  dogma.png")
        #expect(app.terminal.cursor?.y == 5)  // still in the photo field
        app.type("m")
        app.press(.tab)
        #expect(app.lines[6].trimmingCharacters(in: .whitespaces).isEmpty)
        app.press(.enter)
        #expect(app.lines[6] == " Photo attached")
        #expect(try app.storedItem(1).hasPhoto)

        app.type(scratch.file("photos/zebra"))
        app.press(.tab)
        #expect(app.screen.replacingOccurrences(of: "\n ", with: " ").contains("starts with “zebra”"))
        app.press(.ctrl("u"), .tab)
        #expect(app.detail?.notesView.isFirstResponder == true)  // empty: Tab went on to the notes
        app.press(.tab)
        #expect(app.terminal.cursor?.y == 1)  // and from them to the name
    }

    @Test(
        "H4, X1: a path completed in the photo field leaves the value's problem on screen, as a relaunch shows it"
    )
    func completionKeepsValueProblem() throws {
        let app = try HeadlessHomepwner.launched()
        app.press(.enter, .down, .down)
        app.type("n")
        let problem = "Value: \"12n\" is not a number of dollars"
        #expect(app.screen.contains(problem))
        app.press(.down)
        app.type("/tm")
        app.press(.tab)  // completes "/tmp/"; it once cleared the value's problem too
        #expect(app.lines[5].hasSuffix("/tmp/"))
        #expect(app.screen.contains(problem))

        app.press(.ctrl("z"))
        let second = try app.relaunched()
        #expect(second.screen == app.screen)
    }
}
