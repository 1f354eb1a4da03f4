/// The styles TerminalKit's own views use. Everything important is told apart by reverse
/// video or bold, so the screen stays readable under `NO_COLOR`; colour only adds to it.
public struct Theme: Hashable, Sendable {
    /// The navigation bar: reverse video, underlined so that a highlighted row just below
    /// it does not merge with it.
    public var bar = Style(attributes: [.reverse, .underline])
    /// The title inside the navigation bar.
    public var barTitle = Style(attributes: [.reverse, .bold, .underline])
    /// The selected row of a table: reverse video in cyan, so it is not taken for the bar
    /// above it (reverse in the terminal's own colours); under `NO_COLOR` the bar keeps its
    /// underline and bold title, the row plain reverse video.
    public var selection = Style(foreground: .cyan, attributes: [.reverse])
    /// A section header of a table.
    public var sectionHeader = Style(foreground: .cyan, attributes: [.bold])
    /// The key in the footer's hints.
    public var hintKey = Style(foreground: .cyan, attributes: [.bold])
    /// The words in the footer's hints.
    public var hintText = Style.plain
    /// A text field's editable area.
    public var field = Style(attributes: [.underline])
    /// A text field's placeholder.
    public var placeholder = Style(foreground: .gray, attributes: [.underline, .dim])
    /// A text view's marks that more text lies above or below the rows shown.
    public var scrollMark = Style(foreground: .cyan)
    /// A message about invalid input.
    public var error = Style(foreground: .red, attributes: [.bold])
    /// An alert's frame and text.
    public var alert = Style.plain
    /// The chosen button of an alert.
    public var alertButton = Style(attributes: [.reverse, .bold])

    /// The default theme.
    public init() {}

    /// The theme views use unless told otherwise.
    public static let standard = Theme()
}
