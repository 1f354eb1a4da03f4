import StateRestoration

extension ItemsViewController: ObjectRestoration {
    /// One list per window; four bound a crafted archive (rule P3).
    static var maximumRestoredObjects: Int? { 4 }

    /// Creates the list again (the book's `viewControllerWithRestorationIdentifierPath:`
    /// returns `[[self alloc] init]`), on the store of the launch in progress.
    static func restoreObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        guard let context = HomepwnerContext.restoring(from: coder) else { return nil }
        return ItemsViewController(context: context)
    }
}
