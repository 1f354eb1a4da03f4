import Foundation
import StateRestoration
import Testing

@testable import ArchiveInspector

/// Rule S7 at scale: `restoration-archive sessions` follows the shown screen's keys in
/// time that grows with the archive, not with records × controllers.
@Suite("S7: the sessions listing at scale")
struct SessionListingScaleTests {
    @Test(
        "S7: a tab bar with 200,000 tabs: the selected tab is found (a pass over the records, not one per tab)"
    )
    func wideTabBar() {
        let count = 200_000
        let root = RestorationPath(identifiers: ["Tabs"])
        var records = [
            ArchiveRecord(
                parentIndex: nil, path: root, typeName: "TerminalKit.TabBarController",
                restorationClassName: nil,
                stateVersion: 0, entries: [ArchiveEntry(key: "selectedIndex", value: .int(Int64(count - 3)))])
        ]
        records.reserveCapacity(count + 1)
        for index in 0..<count {
            records.append(
                ArchiveRecord(
                    parentIndex: 0, path: RestorationPath(identifiers: ["Tabs", "Tab\(index)"]),
                    typeName: "App.TabViewController", restorationClassName: nil, stateVersion: 0, entries: []
                ))
        }
        let archive = Archive(
            metadata: ArchiveMetadata(
                appName: "A", appVersion: "1", systemVersion: "S", timestamp: Date(timeIntervalSince1970: 0),
                interfaceIdiom: "t"),
            applicationState: [], records: records, byteCount: 0, stringCount: 0)
        #expect(SessionListing.shownRecord(in: archive) == count - 2)
    }
}
