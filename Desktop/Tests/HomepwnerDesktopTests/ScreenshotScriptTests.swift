import Foundation
import TestSupport
import Testing
import TmuxTesting

/// `scripts/gtk-screenshots`, which makes the README's screenshots from the real app
/// (rules G6, G7), run on the tests' build so that it cannot rot (C8).
@Suite("G6: the README's screenshots of homepwner-gtk")
struct ScreenshotScriptTests {
    @Test(
        "G6: scripts/gtk-screenshots makes the list, the split and the window restored after kill -9, the same pixels"
    )
    func screenshots() throws {
        let binary = try #require(
            TmuxSession.builtProduct("homepwner-gtk"), "build homepwner-gtk with the tests")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "scripts/gtk-screenshots"
            )
            .path
        let out = TemporaryDirectory(prefix: "gtk-screenshots")
        let run = try ProgramRun.run(script, [out.path], environment: ["BIN": binary])
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        #expect(run.output.contains("(restored: 0 pixels differ)"), "\(run.output)")
        for name in ["gtk-list.png", "gtk-split.png", "gtk-restored.png"] {
            let bytes = FileManager.default.contents(atPath: out.file(name)).map(Array.init) ?? []
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name) is not a PNG")
        }
    }
}
