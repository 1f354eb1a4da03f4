import Foundation

extension DetailViewController {
    /// Shows the item's created date: the text the restored screen showed, when it was
    /// written under the same setting, so that the first frame needs no ICU (rule P2), then
    /// checked once that frame is up; otherwise written now.
    func showCreatedDate() {
        let date = item.dateCreated
        let created = CreatedDate.text(date, shown: state.restored.created)
        state.restored.created = nil
        dateLabel.text = created.text
        guard created.isRemembered else { return }
        let shown = created.text
        let update: @Sendable @MainActor (String) -> Void = { [weak self] text in
            guard let self, self.item.dateCreated == date else { return }
            self.dateLabel.text = text
            self.invalidateRestorableState()
        }
        guard let post = context.runLoopPost,
            context.schedule(
                after: .zero, { CreatedDate.check(date, shows: shown, post: post, update: update) })
                != nil
        else {
            // No run loop to come back to: checked now.
            let now = CreatedDate.text(date)
            if now != shown { update(now) }
            return
        }
    }
}
