/// What a user sees of an app, and the state it declares, in a form that two launches can
/// be compared by (rule X1).
public struct RestorationSnapshot: Hashable, Sendable {
    /// The screen's text, row by row.
    public var screen: String
    /// Where the cursor is, or "hidden".
    public var cursor: String
    /// What has the focus (the first responder), or "none".
    public var focus: String
    /// The restoration paths of the view-controller tree, one per line, in the order of the
    /// walk: the navigation stacks and what is presented.
    public var paths: [String]
    /// The state the app declares: every saved object's path and keyed values, and the
    /// app-level values, as a save would write them now (metadata left out).
    public var declaredState: [String]

    /// Creates a snapshot.
    public init(screen: String, cursor: String, focus: String, paths: [String], declaredState: [String]) {
        self.screen = screen
        self.cursor = cursor
        self.focus = focus
        self.paths = paths
        self.declaredState = declaredState
    }

    /// How `other` differs from this snapshot, one line per aspect; empty if it does not.
    public func differences(from other: RestorationSnapshot) -> [String] {
        var found: [String] = []
        if screen != other.screen { found.append("screen text differs") }
        if cursor != other.cursor { found.append("cursor: \(cursor) live, \(other.cursor) relaunched") }
        if focus != other.focus { found.append("focus: \(focus) live, \(other.focus) relaunched") }
        if paths != other.paths {
            found.append(
                "paths: " + Self.lineDifference(paths, other.paths))
        }
        if declaredState != other.declaredState {
            found.append("declared state: " + Self.lineDifference(declaredState, other.declaredState))
        }
        return found
    }

    /// The lines only the live side has, and those only the relaunched side has.
    private static func lineDifference(_ live: [String], _ relaunched: [String]) -> String {
        let onlyLive = live.filter { !relaunched.contains($0) }
        let onlyRelaunched = relaunched.filter { !live.contains($0) }
        if onlyLive.isEmpty && onlyRelaunched.isEmpty { return "same lines in another order" }
        return
            "live only [\(onlyLive.joined(separator: "; "))], relaunched only [\(onlyRelaunched.joined(separator: "; "))]"
    }
}
