import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

/// `deleteRows(at:)` and `insertRows(at:)` on the fruit list: the highlight and the first row
/// shown stay on their fruits, and index paths that do not add up reload.
@Suite("Table view: deleting and inserting rows keeps the highlight and the scroll on their items")
@MainActor
struct TableViewRowUpdateTests {
    /// `count` sample fruits, Down pressed `row` times: row `row` is highlighted.
    static func launch(fruits count: Int, highlighting row: Int) -> FruitLaunch {
        let app = FruitLaunch(fruits: count)
        app.press(.down, times: row)
        return app
    }

    /// Thirty fruits, paged down twice and up five rows: 香蕉 9 is the first row shown and
    /// Date 13 is highlighted.
    static func scrolledDown() -> FruitLaunch {
        let app = FruitLaunch(fruits: 30)
        app.press(.pageDown, times: 2)
        app.press(.up, times: 5)
        return app
    }

    /// The names on the list's rows shown, top to bottom (a row's text before its price).
    static func names(_ app: FruitLaunch) -> [String] {
        (1..<app.terminal.screen.size.height - 1).map { app.terminal.screen.line($0) }
            .filter { !$0.isEmpty }.map(name)
    }

    /// The names on the highlighted rows.
    static func highlighted(_ app: FruitLaunch) -> [String] {
        app.terminal.highlightedLines.map(name)
    }

    /// Where the list is: the fruit on the first row shown, and the highlighted ones.
    struct Shown: Equatable {
        var top: String?
        var highlighted: [String]
    }

    /// What `app`'s list shows at the top and highlighted.
    static func shown(_ app: FruitLaunch) -> Shown {
        Shown(top: names(app).first, highlighted: highlighted(app))
    }

    /// A row's name: its text from the second column to the gap before the price.
    static func name(_ line: String) -> String {
        var name = ""
        for character in line.dropFirst() {
            if character == " " && name.last == " " { break }
            name.append(character)
        }
        return String(name.dropLast(name.last == " " ? 1 : 0))
    }

    /// Deletes the fruits at `rows` from the store, tells the table `told` (by default the
    /// same rows), then draws.
    static func delete(_ rows: [Int], in app: FruitLaunch, told: [Int]? = nil) throws {
        let list = try #require(app.list)
        for row in rows.sorted(by: >) { list.store.fruits.remove(at: row) }
        list.tableView.deleteRows(at: (told ?? rows).map { ElementIndexPath(row: $0) })
        app.application.processEvents()
    }

    /// Inserts new fruits at `rows` (their places after the insertion), tells the table
    /// `told` (by default the same rows), then draws.
    static func insert(_ rows: [Int], in app: FruitLaunch, told: [Int]? = nil) throws {
        let list = try #require(app.list)
        for row in rows.sorted() {
            list.store.fruits.insert(Fruit(id: "new\(row)", name: "New \(row)", price: 1), at: row)
        }
        list.tableView.insertRows(at: (told ?? rows).map { ElementIndexPath(row: $0) })
        app.application.processEvents()
    }

    @Test("Deleting rows above the highlighted one moves the highlight up with its row")
    func deleteAboveSelection() throws {
        let app = Self.launch(fruits: 6, highlighting: 4)
        #expect(Self.highlighted(app) == ["Elderberry 4"])
        try Self.delete([0, 2], in: app)
        #expect(Self.names(app) == ["Banana 1", "Date 3", "Elderberry 4", "Fig 5"])
        #expect(Self.highlighted(app) == ["Elderberry 4"])
        #expect(app.list?.tableView.indexPathForSelectedRow == ElementIndexPath(row: 2))
        // Deleting below it leaves it where it is.
        try Self.delete([3], in: app)
        #expect(Self.highlighted(app) == ["Elderberry 4"])
    }

    @Test("Deleting the highlighted row highlights the row that took its place, or the last row")
    func deleteSelection() throws {
        let app = Self.launch(fruits: 10, highlighting: 5)
        #expect(Self.highlighted(app) == ["Fig 5"])
        // With a row above it: the place is one up, and Grape 6 took it.
        try Self.delete([2, 5], in: app)
        #expect(Self.highlighted(app) == ["Grape 6"])
        app.press(.end)
        #expect(Self.highlighted(app) == ["香蕉 9"])
        try Self.delete([7], in: app)
        #expect(Self.names(app).last == "苹果 8")
        #expect(Self.highlighted(app) == ["苹果 8"])
    }

    @Test("Inserting rows above the highlighted one moves the highlight down with its row")
    func insertAboveSelection() throws {
        let app = Self.launch(fruits: 5, highlighting: 2)
        try Self.insert([0, 3], in: app)
        #expect(
            Self.names(app) == [
                "New 0", "Apple 0", "Banana 1", "New 3", "Cherry 2", "Date 3", "Elderberry 4",
            ])
        #expect(Self.highlighted(app) == ["Cherry 2"])
        #expect(app.list?.tableView.indexPathForSelectedRow == ElementIndexPath(row: 4))
        // Inserting below it leaves it where it is.
        try Self.insert([7], in: app)
        #expect(Self.highlighted(app) == ["Cherry 2"])
        #expect(Self.names(app).last == "New 7")
    }

    @Test("The first row shown stays the same fruit when rows above it are deleted or inserted")
    func firstVisibleRowStays() throws {
        let app = Self.scrolledDown()
        let scrolled = Shown(top: "香蕉 9", highlighted: ["Date 13"])
        #expect(Self.shown(app) == scrolled)
        try Self.delete([0, 1], in: app)
        #expect(Self.shown(app) == scrolled)
        try Self.insert([0, 1, 2], in: app)
        #expect(Self.shown(app) == scrolled)
        #expect(app.list?.tableView.firstVisibleIndexPath == ElementIndexPath(row: 10))
    }

    @Test("Deleting the first row shown puts the row that took its place on top")
    func deleteFirstVisibleRow() throws {
        let app = Self.scrolledDown()
        try Self.delete([9], in: app)
        #expect(Self.shown(app) == Shown(top: "Apple 10", highlighted: ["Date 13"]))
    }

    @Test("Deleting rows at the end scrolls up as far as needed: no empty rows while rows are above")
    func deleteAtTheEnd() throws {
        let app = FruitLaunch(fruits: 30)
        app.press(.end)
        #expect(Self.names(app).first == "Apple 20")
        try Self.delete(Array(25..<30), in: app)
        #expect(Self.names(app).count == 10)
        #expect(Self.shown(app) == Shown(top: "Fig 15", highlighted: ["Elderberry 24"]))
    }

    @Test(
        "Index paths that do not match the data source's rows reload, as reloadData() does",
        arguments: [
            ([0, 1], [0]), ([1], [12]), ([1], [1, 1]), ([1], []),
        ])
    func mismatchedDeletionReloads(deleted: [Int], told: [Int]) throws {
        let app = FruitLaunch(fruits: 12)
        let reloaded = FruitLaunch(fruits: 12)
        for launch in [app, reloaded] { launch.press(.pageDown, .down, .down) }
        try Self.delete(deleted, in: app, told: told)
        let list = try #require(reloaded.list)
        for row in deleted.sorted(by: >) { list.store.fruits.remove(at: row) }
        list.tableView.reloadData()
        reloaded.application.processEvents()
        #expect(app.screen == reloaded.screen)
        #expect(Self.names(app) == Array(app.store.fruits.map(\.name).suffix(Self.names(app).count)))
    }

    @Test("Inserted index paths that do not match the data source's rows reload, as reloadData() does")
    func mismatchedInsertionReloads() throws {
        let app = Self.launch(fruits: 5, highlighting: 2)
        // Told of a row past the end, then of a section that is not there: the highlight
        // stays at its place, as after reloadData().
        try Self.insert([0], in: app, told: [6])
        #expect(Self.names(app) == app.store.fruits.map(\.name))
        #expect(Self.highlighted(app) == ["Banana 1"])
        let list = try #require(app.list)
        list.store.fruits.insert(Fruit(id: "x", name: "Extra", price: 1), at: 0)
        list.tableView.insertRows(at: [ElementIndexPath(row: 0, section: 1)])
        app.application.processEvents()
        #expect(Self.names(app) == app.store.fruits.map(\.name))
        #expect(Self.highlighted(app) == ["Apple 0"])
    }

    @Test("An update maps rows section by section and refuses index paths that are not there")
    func updateMapping() throws {
        /// Row `row` of section `section`.
        func at(_ row: Int, _ section: Int = 0) -> ElementIndexPath {
            ElementIndexPath(row: row, section: section)
        }
        let update = try #require(TableRowUpdate(counts: [3, 4], deleting: [at(0, 1)], inserting: [at(1)]))
        #expect(update.counts == [4, 3])
        #expect(update.indexPath(after: at(0)) == at(0))
        #expect(update.indexPath(after: at(1)) == at(2))
        #expect(update.indexPath(after: at(3, 1)) == at(2, 1))
        // A deleted row's place: the row that took it.
        #expect(update.indexPath(after: at(0, 1)) == at(0, 1))
        #expect(TableRowUpdate(counts: [3], deleting: [at(3)], inserting: []) == nil)
        #expect(TableRowUpdate(counts: [3], deleting: [at(0, 1)], inserting: []) == nil)
        #expect(TableRowUpdate(counts: [3], deleting: [at(1), at(1)], inserting: []) == nil)
        #expect(TableRowUpdate(counts: [3], deleting: [], inserting: [at(4)]) == nil)
        #expect(TableRowUpdate(counts: [3], deleting: [], inserting: [at(3)]) != nil)
    }
}
