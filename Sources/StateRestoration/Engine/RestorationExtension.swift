/// A promise that restoration is not finished yet (rule R27): UIKit's
/// `extendStateRestoration` and `completeStateRestoration`, as a token.
///
/// An object whose state needs data that arrives later (a store read on a background
/// queue, a network answer) takes one while it restores, with
/// ``StateDecoder/extendStateRestoration(reason:)``, and calls ``complete()`` once the data
/// is there and the state applied. Until every token is complete, the engine keeps the
/// in-progress marker: a death before then counts as a death during restoration, and
/// costs the subtree that took the token (rule R28). A token not completed within
/// ``RestorationConfiguration/deferredRestorationTimeout`` is completed by the engine, with
/// a diagnostic naming it.
@MainActor
public final class RestorationExtension {
    /// Why restoration was extended, for diagnostics.
    public let reason: String
    /// The path of the object that took it, as text; nil if taken from the engine.
    public let subtree: String?
    /// True once completed, by ``complete()`` or by the engine's timeout.
    public private(set) var isComplete = false
    private var onComplete: ((RestorationExtension) -> Void)?

    init(reason: String, subtree: String?, onComplete: ((RestorationExtension) -> Void)?) {
        self.reason = reason
        self.subtree = subtree
        self.onComplete = onComplete
        if onComplete == nil { isComplete = true }
    }

    /// Says that the deferred part of the restore is done. Completing twice does nothing.
    public func complete() {
        guard !isComplete else { return }
        isComplete = true
        let action = onComplete
        onComplete = nil
        action?(self)
    }
}

extension StateDecoder {
    /// Extends the restore under way until the returned token is completed (rule R27), as
    /// UIKit's `extendStateRestoration` does: call it from `decodeRestorableState` (or
    /// `applicationFinishedRestoringState`) when the object's state waits for data that
    /// comes later, and call ``RestorationExtension/complete()`` once it is applied.
    ///
    /// Outside a restore that the engine started from storage, there is nothing to extend:
    /// the token comes back already complete.
    /// - Parameter reason: Why, for the diagnostic if it times out.
    public func extendStateRestoration(reason: String) -> RestorationExtension {
        guard let extend = context.extend else {
            return RestorationExtension(reason: reason, subtree: nil, onComplete: nil)
        }
        return extend(reason, path.description)
    }
}

extension StateDecoder {
    /// The app's context (rule R30): the value given to the engine as
    /// ``RestorationEngine/restorationContext``, if it is a `Context`; nil otherwise, or
    /// outside a restore. A restoration class reaches the app's store this way:
    ///
    /// ```swift
    /// guard let store = coder.restorationContext(as: ItemStore.self) else {
    ///     coder.explainNotRestored("no item store")
    ///     return nil
    /// }
    /// ```
    public func restorationContext<Context>(as type: Context.Type = Context.self) -> Context? {
        context.applicationContext as? Context
    }
}
