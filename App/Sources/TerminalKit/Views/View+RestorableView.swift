import StateRestoration

/// TerminalKit's views are restored where their view controllers made them, never asked of
/// the app delegate, as UIKit's are (the engine's `RestorableView`).
extension View: RestorableView {}
