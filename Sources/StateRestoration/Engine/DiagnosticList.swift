/// The diagnostics of one pass, at most ``limit`` of them (rule R33).
///
/// A hostile archive can make every one of a million records fail the same way. Past the
/// limit a diagnostic is not even made (its path is never turned into text): it is only
/// counted, and ``all`` ends with one line saying how many were left out.
struct DiagnosticList {
    /// The most diagnostics kept per pass.
    static let limit = 1000

    private var kept: [RestorationDiagnostic] = []
    private var leftOut = 0

    /// Keeps the diagnostic, made only if there is room for it.
    mutating func append(_ diagnostic: @autoclosure () -> RestorationDiagnostic) {
        if kept.count < Self.limit {
            kept.append(diagnostic())
        } else {
            leftOut += 1
        }
    }

    /// Keeps each of `diagnostics` while there is room.
    mutating func append(contentsOf diagnostics: [RestorationDiagnostic]) {
        for diagnostic in diagnostics { append(diagnostic) }
    }

    /// The kept diagnostics, then a line counting those left out.
    var all: [RestorationDiagnostic] {
        guard leftOut > 0 else { return kept }
        return kept + [
            RestorationDiagnostic(
                .notRestored, path: nil,
                reason: "\(leftOut) more diagnostics, not listed (a pass lists its first \(Self.limit))")
        ]
    }
}
