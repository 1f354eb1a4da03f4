import HomepwnerCore

/// What the item's screen knows besides its fields and the item: its writes, its message
/// line, its Esc warning, and what a restore brought back for after the fields are shown.
/// One value, so that a reader (and a test) sees the whole of it at once.
struct DetailScreenState {
    /// What a restore brought back, applied once the fields are back.
    struct Restored {
        /// The fields as stored when the restored state was saved, those it recorded.
        var stored: ItemChanges?
        /// The restored archive said the first Esc had warned.
        var warning = false
        /// The message under the fields when the state was saved (a hint, a photo's
        /// outcome, a path's completions).
        var message: (text: String, isError: Bool)?
        /// The created date as the screen showed it (its first frame shows it again when
        /// its setting is unchanged, rule P2).
        var created: CreatedDate.Shown?
    }

    /// True once the item is gone (deleted outside, or cancelled): nothing more is written.
    var isGone = false
    /// True while the message line shows the writer's status rather than a message.
    var showsWriterStatus = false
    /// Keys typed on the list while its Add waited for the database: the name's start.
    var typedAhead = ""
    /// True while the message under the fields is a problem (shown in the error style).
    var messageIsError = false
    /// True once Esc was pressed with an invalid value and the screen said so: the next
    /// Esc leaves, keeping the stored value.
    var warnedAboutInvalidValue = false
    /// What this screen submitted that has not landed yet: when the writer says a write
    /// landed, the fields whose text it wrote take it as their base (another's write of
    /// the same item, a kept edit made at launch, is not this screen's and moves nothing).
    var inFlight = ItemChanges()
    /// What a restore brought back.
    var restored = Restored()
}
