import Testing

@testable import StateRestoration

/// Rule C2: the invariant of ``UncheckedBox`` (no access begins while a mutation is in
/// progress) is checked in debug builds, so that every test run would catch a re-entry.
@Suite("C2: the unchecked box's invariant")
struct UncheckedBoxTests {
    @Test("C2: reads and writes that do not overlap pass in a debug build")
    func sequentialAccess() {
        let box = UncheckedBox([1, 2])
        box.value.append(box.value.count)
        #expect(box.value == [1, 2, 2])
    }

    #if DEBUG
        @Test("C2: a debug build traps a read that begins inside a mutation of the same box")
        func reentryTraps() async {
            await #expect(processExitsWith: .failure) {
                let box = UncheckedBox([1])
                func mutate(_ value: inout [Int], during body: () -> Void) {
                    body()
                    value.append(0)
                }
                mutate(&box.value) { _ = box.value.count }
            }
        }
    #endif
}
