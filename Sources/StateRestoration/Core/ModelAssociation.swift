/// A row's position in a sectioned view (a table or a list): UIKit's `IndexPath` with
/// `row` and `section`, which Foundation on Linux does not have.
public struct ElementIndexPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The section, 0 for a view without sections.
    public var section: Int
    /// The row within the section.
    public var row: Int

    /// Creates a position.
    public init(row: Int, section: Int = 0) {
        self.row = row
        self.section = section
    }

    public static func < (lhs: ElementIndexPath, rhs: ElementIndexPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    public var description: String { "[\(section), \(row)]" }
}

/// Maps between an element's position in a view and a stable identifier of its model
/// object: UIKit's `UIDataSourceModelAssociation` (rule R16).
///
/// A table view whose data source adopts this saves its selection and first visible row
/// as model identifiers, so that rows reordered or deleted between save and restore still
/// land on the right item. Without it, only a scroll offset is saved.
@MainActor
public protocol ModelAssociation: AnyObject {
    /// The stable identifier of the model object shown at `indexPath`, or nil if there is
    /// none (the row no longer exists).
    func modelIdentifier(forElementAt indexPath: ElementIndexPath, in view: AnyObject) -> String?

    /// Where the model object with `identifier` is shown now, or nil if it is gone.
    func indexPathForElement(withModelIdentifier identifier: String, in view: AnyObject) -> ElementIndexPath?

    /// Where the model object with `identifier` is shown now, knowing where it was shown
    /// when the state was saved; nil if it is gone.
    ///
    /// Beyond UIKit: a view that saved the element's position too passes it here, so a
    /// data source whose lookup by identifier is costly (the rank of a row among many in a
    /// database) can check the old position first, which is usually still right, and look
    /// it up only if it is not. The position is a hint only: the answer must be where the
    /// element is now. The default asks ``indexPathForElement(withModelIdentifier:in:)``.
    func indexPathForElement(
        withModelIdentifier identifier: String, savedAt indexPath: ElementIndexPath, in view: AnyObject
    ) -> ElementIndexPath?
}

extension ModelAssociation {
    /// Asks ``indexPathForElement(withModelIdentifier:in:)``, without the hint.
    public func indexPathForElement(
        withModelIdentifier identifier: String, savedAt indexPath: ElementIndexPath, in view: AnyObject
    ) -> ElementIndexPath? {
        indexPathForElement(withModelIdentifier: identifier, in: view)
    }
}
