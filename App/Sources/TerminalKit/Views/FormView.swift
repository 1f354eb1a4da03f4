/// A simple vertical form: rows of a label and a view, the labels in one column.
///
/// ```
/// Name    [Kettle          ]
/// Serial  [A1B2            ]
/// ```
///
/// Each row is as tall as its view's ``View/preferredHeight``; rows that do not fit are
/// hidden, except one added with a minimum height (``addRow(_:minimumHeight:)``), which
/// takes the rows left when at least that many are. Tab and Shift-Tab move between the
/// fields (the window does that).
@MainActor
open class FormView: View {
    private struct Row {
        let label: Label?
        let view: View
        /// The fewest rows the view can be drawn in, when fewer than it prefers are left.
        var minimumHeight: Int?
    }

    private var rows: [Row] = []
    /// Empty rows between rows.
    public var spacing = 0
    /// Columns left empty at the left and right.
    public var margin = 1

    /// Creates an empty form.
    public init() {
        super.init()
    }

    /// Adds a row with a label.
    public func addRow(_ title: String, _ view: View) {
        let label = Label(title, style: .bold)
        addSubview(label)
        addSubview(view)
        rows.append(Row(label: label, view: view, minimumHeight: nil))
    }

    /// Adds a row that takes the full width (a message, a button row).
    /// - Parameters:
    ///   - view: The row's view.
    ///   - minimumHeight: If given, the view is shown in the rows left when fewer than its
    ///     preferred height are, as long as this many are (a picture that can shrink);
    ///     without it, a view that does not fit whole is hidden.
    public func addRow(_ view: View, minimumHeight: Int? = nil) {
        addSubview(view)
        rows.append(Row(label: nil, view: view, minimumHeight: minimumHeight))
    }

    override open var preferredHeight: Int {
        rows.reduce(0) { $0 + $1.view.preferredHeight } + max(0, rows.count - 1) * spacing
    }

    override open func layoutSubviews() {
        super.layoutSubviews()
        let labelWidth = rows.compactMap { $0.label.map { TextWidth.of($0.text) } }.max().map { $0 + 2 } ?? 0
        let width = max(0, frame.width - 2 * margin)
        var y = 0
        for row in rows {
            // The width first: a wrapping label's height depends on it.
            let shownLabel = row.label == nil ? 0 : min(labelWidth, width / 2)
            row.view.frame.size.width = width - shownLabel
            var height = row.view.preferredHeight
            if y + height > frame.height, let minimum = row.minimumHeight, y + minimum <= frame.height {
                height = frame.height - y
            }
            let fits = y + height <= frame.height
            row.label?.isHidden = !fits
            row.view.isHidden = !fits
            if let label = row.label {
                label.frame = Rect(x: margin, y: y, width: shownLabel - 1, height: 1)
                row.view.frame = Rect(x: margin + shownLabel, y: y, width: width - shownLabel, height: height)
            } else {
                row.view.frame = Rect(x: margin, y: y, width: width, height: height)
            }
            y += height + spacing
        }
    }
}
