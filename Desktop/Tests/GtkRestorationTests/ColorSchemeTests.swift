import Testing

@testable import GtkKit

/// Dark mode follows the system (rule G3): GNOME's `color-scheme`, read through GSettings,
/// sets the theme's dark variant, and a change while the app runs is followed.
@Suite("G3: dark mode follows the system", .serialized)
@MainActor
struct ColorSchemeTests {
    @Test("G3: 'prefer-dark' draws the dark variant, and going back to 'default' the light one, live")
    func followsThePreference() throws {
        try #require(Display.open(), "GTK needs a display: run the tests under xvfb-run (make test-gtk)")
        let scheme = try #require(
            SystemColorScheme.follow(inMemory: true), "the desktop's interface schema is installed")
        #expect(!scheme.prefersDark && !SystemColorScheme.drawsDark, "the default is light")
        scheme.setPreference("prefer-dark")
        #expect(scheme.prefersDark)
        #expect(MainLoop.iterate(until: { SystemColorScheme.drawsDark }))
        scheme.setPreference("prefer-light")
        #expect(MainLoop.iterate(until: { !SystemColorScheme.drawsDark }))
        scheme.setPreference("prefer-dark")
        #expect(MainLoop.iterate(until: { SystemColorScheme.drawsDark }))
        scheme.setPreference("default")
        #expect(MainLoop.iterate(until: { !SystemColorScheme.drawsDark }))
    }
}
