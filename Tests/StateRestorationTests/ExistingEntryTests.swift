import Testing

@testable import StateRestoration

/// The keys a restore files the objects that already exist under (rule R13c): one path,
/// one key, whatever its identifiers hold.
@Suite("R13: existing objects are found by their exact path")
struct ExistingEntryTests {
    @Test("R13: paths that differ only where a joined text would hide it get different keys")
    func keysAreExact() {
        let paths: [RestorationPath] = [
            RestorationPath([.init("a/b")]),
            RestorationPath([.init("a"), .init("b")]),
            RestorationPath([.init("a#1")]),
            RestorationPath([.init("a", occurrence: 1)]),
            RestorationPath([.init("1:a")]),
            RestorationPath([.init(""), .init("a")]),
            RestorationPath([.init("a"), .init("")]),
            RestorationPath([.init("a")]),
            RestorationPath([.init("é")]),
            RestorationPath([.init("e\u{301}")]),
            RestorationPath(),
        ]
        let keys = paths.map(ExistingEntry.key)
        #expect(Set(keys).count == paths.count)
        // The same path, made again, has the same key.
        #expect(ExistingEntry.key(RestorationPath([.init("a"), .init("b")])) == keys[1])
        #expect(ExistingEntry.key(RestorationPath([.init("a")]).appending("b")) == keys[1])
        // Counts and occurrences of every width.
        #expect(ExistingEntry.key(RestorationPath([.init("a", occurrence: 0)])) == "1:a#0/")
        #expect(ExistingEntry.key(RestorationPath([.init("a", occurrence: 10)])) == "1:a#10/")
        #expect(ExistingEntry.key(RestorationPath([.init("a", occurrence: 1_234_567)])) == "1:a#1234567/")
        #expect(
            ExistingEntry.key(RestorationPath([.init(String(repeating: "x", count: 100))])).hasPrefix("100:x")
        )
    }
}
