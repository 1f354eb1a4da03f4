import RestorationTesting
import StateRestoration
import Testing

@testable import TerminalKit

@Suite("Table view: selection, scrolling, delete, reorder")
@MainActor
struct TableViewTests {
    @Test("Arrows move the highlight, which starts on the first row")
    func selection() {
        let app = FruitLaunch(fruits: 5)
        #expect(app.terminal.highlightedLines == [" Apple 0                             $1"])
        app.press(.down, times: 2)
        #expect(app.terminal.highlightedLines == [" Cherry 2                            $3"])
        app.press(.up)
        #expect(app.terminal.highlightedLines == [" Banana 1                            $2"])
        app.press(.up, times: 5)
        #expect(app.terminal.highlightedLines == [" Apple 0                             $1"])
    }

    @Test("Scrolling past the bottom stops at the last row, which sits on the last line")
    func scrollPastBottom() {
        let app = FruitLaunch(fruits: 30)
        app.press(.pageDown, times: 6)
        app.press(.down, times: 3)
        #expect(
            app.screen == """
                                 Fruits            Edit
                 Apple 20                           $21
                 Banana 21                          $22
                 Cherry 22                          $23
                 Date 23                            $24
                 Elderberry 24                      $25
                 Fig 25                             $26
                 Grape 26                           $27
                 Honeydew 27                        $28
                 苹果 28                            $29
                 香蕉 29                            $30
                a Add  e Edit  ^C Quit
                """)
        #expect(app.terminal.highlightedLines == [" 香蕉 29                            $30"])
        app.press(.home)
        #expect(app.screen.split(separator: "\n")[1] == " Apple 0                             $1")
        app.press(.end)
        #expect(app.list?.tableView.contentOffset == 20)
        app.press(.pageUp)
        #expect(app.list?.tableView.indexPathForSelectedRow == ElementIndexPath(row: 20))
    }

    @Test("Delete in editing mode asks first; Delete removes the row, Cancel keeps it")
    func deleteWithConfirmation() {
        let app = FruitLaunch(fruits: 4)
        app.type("e")
        app.press(.down)
        app.press(.delete)
        app.type("n")
        #expect(app.store.fruits.count == 4)
        app.press(.delete)
        app.type("y")
        #expect(app.store.fruits.map(\.name) == ["Apple 0", "Cherry 2", "Date 3"])
        #expect(
            app.screen == """
                                 Fruits            Done
                 - Apple 0                         $1 =
                 - Cherry 2                        $3 =
                 - Date 3                          $4 =







                Del Delete  S-↑↓ Move  a Add  e Done
                """)
        // The highlight took the deleted row's place.
        #expect(app.terminal.highlightedLines == [" - Cherry 2                        $3 ="])
        app.press(.end, .delete)
        app.type("y")
        #expect(app.terminal.highlightedLines == [" - Cherry 2                        $3 ="])
    }

    @Test("Shift-↓/↑ in editing mode reorder rows, and the model follows")
    func reorder() {
        let app = FruitLaunch(fruits: 4)
        app.type("e")
        app.press(Key(.down, modifiers: .shift), Key(.down, modifiers: .shift))
        #expect(app.store.fruits.map(\.name) == ["Banana 1", "Cherry 2", "Apple 0", "Date 3"])
        #expect(app.terminal.highlightedLines == [" - Apple 0                         $1 ="])
        app.press(Key(.up, modifiers: .shift))
        #expect(app.store.fruits.map(\.name) == ["Banana 1", "Apple 0", "Cherry 2", "Date 3"])
        app.type("e")
        // Out of editing mode, Shift-↓ only moves the highlight.
        app.press(Key(.down, modifiers: .shift))
        #expect(app.store.fruits.map(\.name) == ["Banana 1", "Apple 0", "Cherry 2", "Date 3"])
        #expect(
            app.screen == """
                                 Fruits            Edit
                 Banana 1                            $2
                 Apple 0                             $1
                 Cherry 2                            $3
                 Date 3                              $4






                a Add  e Edit  ^C Quit
                """)
    }

    @Test("Sections: headers show, and the highlight skips them")
    func sections() {
        let controller = SectionedController()
        let (app, terminal) = launchHeadless(RootDelegate(root: controller), size: Size(width: 30, height: 8))
        terminal.press(.down, .down)
        app.processEvents()
        #expect(
            terminal.text == """
                 Fruit
                 Apple
                 Pear
                 Vegetables
                 Leek
                 Kale

                Enter Open
                """)
        #expect(terminal.highlightedLines == [" Leek"])
        terminal.press(.enter)
        app.processEvents()
        #expect(controller.opened == [ElementIndexPath(row: 0, section: 1)])
    }
}

/// Two sections with headers.
@MainActor
final class SectionedController: TableViewController {
    var opened: [ElementIndexPath] = []
    let sections = [("Fruit", ["Apple", "Pear"]), ("Vegetables", ["Leek", "Kale"])]

    override var keyCommands: [KeyCommand] { [KeyCommand(.enter, title: "Open") {}] }
    override func numberOfSections(in tableView: TableView) -> Int { sections.count }
    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        sections[section].1.count
    }
    override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        sections[section].0
    }
    override func tableView(_ tableView: TableView, cellForRowAt indexPath: ElementIndexPath) -> TableViewCell
    {
        TableViewCell(text: sections[indexPath.section].1[indexPath.row])
    }
    override func tableView(_ tableView: TableView, didSelectRowAt indexPath: ElementIndexPath) {
        opened.append(indexPath)
    }
}
