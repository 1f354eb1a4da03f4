import HomepwnerCore
import TerminalKit

/// One row of the items list: the name at the left, then the serial number and the value
/// in dollars in two columns at the right, aligned from row to row.
///
/// Below 50 columns the serial and value columns narrow so the name keeps room. Values
/// have thousands separators (`$1,234,567`); the list gives every visible row the same
/// value column width, so the serial numbers stay in line.
///
/// The item open beside the list (side by side) is marked, whether or not it is the
/// highlighted row: ``openMark`` in the left margin, and bold (as iPadOS keeps the open
/// row tinted), readable without colour and in a capture of the screen.
@MainActor
final class ItemCell: TableViewCell {
    /// The mark in the left margin of the row of the item open beside the list.
    static let openMark = "▸"
    /// The item shown.
    let item: Item
    /// The width of the value column (at least the value's own).
    let valueColumnWidth: Int
    /// True for the row of the item open beside the list.
    let isOpen: Bool

    init(item: Item, valueColumnWidth: Int = 0, isOpen: Bool = false) {
        self.item = item
        self.valueColumnWidth = valueColumnWidth
        self.isOpen = isOpen
        super.init(text: item.name, detailText: nil)
    }

    /// `$1,234,567`: the value as shown.
    static func formattedValue(_ dollars: Int) -> String { ItemSummary.grouped(dollars) }

    /// The narrowest value column at a width.
    static func minimumValueWidth(compact: Bool) -> Int { compact ? 5 : 8 }

    /// A row for an item that could not be read: the reason, dimmed.
    static func failure(_ message: String) -> TableViewCell {
        let cell = TableViewCell(text: message)
        cell.textStyle = .dim
        return cell
    }

    override func draw(in canvas: Canvas) {
        let style = (isSelected ? theme.selection : Style.plain).adding(isOpen ? .bold : [])
        canvas.clear(style: style)
        if isOpen { canvas.text(Self.openMark, at: Point(x: 0, y: 0), style: style) }
        let width = canvas.size.width
        var left = 1
        if isEditingRow { left += canvas.text("- ", at: Point(x: left, y: 0), style: style) }
        var right = width - 1
        if showsReorderControl {
            right -= 2
            canvas.text("=", at: Point(x: right + 1, y: 0), style: style)
        }
        let compact = width < 50
        let value = Self.formattedValue(item.valueInDollars)
        let valueWidth = max(TextWidth.of(value), Self.minimumValueWidth(compact: compact), valueColumnWidth)
        canvas.text(value, at: Point(x: right - TextWidth.of(value), y: 0), style: style)
        right -= valueWidth + 2
        let serialWidth = compact ? 5 : 10
        if right - serialWidth > left + 4 {
            let serial = TextWidth.truncate(item.serialNumber, to: serialWidth)
            canvas.text(serial, at: Point(x: right - serialWidth, y: 0), style: style)
            right -= serialWidth + 2
        }
        let nameWidth = max(0, right - left)
        if item.name.isEmpty {
            let placeholder = isSelected ? style : style.adding(.dim)
            canvas.text(
                TextWidth.truncate("(no name)", to: nameWidth), at: Point(x: left, y: 0), style: placeholder)
        } else {
            canvas.text(TextWidth.truncate(item.name, to: nameWidth), at: Point(x: left, y: 0), style: style)
        }
    }
}
