import Foundation
import HomepwnerCore
import StateRestoration
import Testing

/// `homepwner-gtk` under Xvfb, driven with `xdotool`: killed with `-9` past the debounce,
/// then relaunched, it shows the same window, pixel for pixel (rules G4, G6).
@Suite("G4: homepwner-gtk after kill -9, end to end")
struct KillRelaunchEndToEndTests {
    @Test("G4: an item opened from the keyboard, Chinese typed and selected, kill -9: the same pixels")
    func itemPageAfterKill() throws {
        let session = try DesktopSession()
        let store = try ItemStore(paths: session.paths)
        for (name, serial, value) in [
            ("Shiny Bear", "7G9K4", 60), ("Rusty Mac", "0D4J0", 70), ("Fluffy Mac", "0G1J0", 41),
        ] {
            try store.createItem(name: name, serialNumber: serial, valueInDollars: value)
        }
        try session.launch()
        try session.focus(try session.waitForWindow("Homepwner"))
        // The list has the focus at launch: ↓ ↓ reaches the third item, Enter opens it.
        try session.key("Down", "Down", "Return")
        try session.waitForWindow("Fluffy Mac")
        try session.key("End")
        try session.type(" 熊猫玩具", titleBefore: "Fluffy Mac")
        let name = "Fluffy Mac 熊猫玩具"
        try session.key("shift+Left", "shift+Left")
        // Past the debounce: the saved state holds the selection of the last two characters,
        // the cursor at one end of it (GTK's `cursor-position`), the anchor at the other.
        let length = Int64(name.unicodeScalars.count)
        try poll("the name's cursor and selection in the saved state") {
            guard
                let record = try session.archive()?.records.first(where: {
                    $0.path.identifiers.last == "name"
                })
            else { return false }
            let values = Dictionary(record.entries.map { ($0.key, $0.value) }) { $1 }
            return Set([values["cursor"], values["anchor"]]) == [.int(length - 2), .int(length)]
        }
        #expect(try ItemStore(paths: session.paths).items(withSerialNumber: "0G1J0").first?.name == name)
        try expectSameScreenAfterKill(session, window: name)
    }

    @Test("G4: the list resized, a row chosen with the keyboard, kill -9: the same size, row and pixels")
    func listAfterKill() throws {
        let session = try DesktopSession()
        let store = try ItemStore(paths: session.paths)
        for index in 1...12 {
            try store.createItem(name: "Item \(index)", serialNumber: "S\(index)", valueInDollars: index * 10)
        }
        try session.launch()
        let window = try session.waitForWindow("Homepwner")
        try session.x("xdotool", ["windowsize", "--sync", window, "720", "560"])
        try session.focus(window)
        try session.key("Down", "Down", "Down", "Down")
        // Past the debounce: the saved state has the fifth item selected and the new size.
        let fifth = try #require(try store.items(withSerialNumber: "S5").first)
        try poll("the selection and the size in the saved state") {
            guard let archive = try session.archive(),
                let list = archive.records.first(where: { $0.path.identifiers.last == "ItemsList" }),
                let window = archive.records.first(where: { $0.path.identifiers == ["Window"] })
            else { return false }
            let selected = list.entries.first { $0.key == "selectedKey" }?.value
            let width = window.entries.first { $0.key == "gtk.width" }?.value
            return selected == .string(ItemKey.text(fifth.key)) && width == .int(720)
        }
        try expectSameScreenAfterKill(session, window: "Homepwner")
        // The keyboard goes on from the restored row: ↓ and Enter open the sixth item.
        try session.key("Down", "Return")
        try session.waitForWindow("Item 6")
    }
}
