import RestorationTesting
import TestSupport
import Testing

@testable import StateRestoration

/// Rule R28 with R33: the subtree an in-progress marker names is found without turning
/// every record's path into text.
@Suite("R28, R33: finding the subtree a marker names")
@MainActor
struct SubtreeMarkerTests {
    /// Identifiers that make descriptions tricky: a slash inside, one over the shown
    /// length, two that share their shown start, and a prefix of another.
    static let names = [
        "A", "AB", "a/b", "a", String(repeating: "x", count: 250), String(repeating: "x", count: 260), "B",
    ]

    static func randomTree(_ generator: inout SplitMix64, depth: Int) -> [Node] {
        guard depth < 5 else { return [] }
        return (0..<Int.random(in: 0...3, using: &generator)).map { _ in
            let node = Node(names.randomElement(using: &generator)!)
            node.positional = Bool.random(using: &generator)
            node.children = randomTree(&generator, depth: depth + 1)
            return node
        }
    }

    @Test("R28: the record found for each path's text is the first record with that text", arguments: 0..<40)
    func sameAsComparingEveryDescription(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed))
        let harness = RestorationHarness()
        let app = TestApp()
        let root = Node("Root")
        root.positional = true
        root.children = Self.randomTree(&generator, depth: 1)
        app.root = root
        try harness.launch(app).save()
        let bytes = try #require(harness.storage[.archive])
        let view = try ArchiveReader(bytes: bytes, limits: .default).view()
        let descriptions = view.records.indices.map { view.path(ofRecord: $0).description }
        for text in Set(descriptions) {
            #expect(
                RestorationPass.record(shownAs: text, in: view) == descriptions.firstIndex(of: text),
                "\(text)")
        }
        for text in ["Nope/Nothing", "Root/", "", "Root//A", "Root/A/"] where !descriptions.contains(text) {
            #expect(RestorationPass.record(shownAs: text, in: view) == nil, "\(text)")
        }
    }
}
