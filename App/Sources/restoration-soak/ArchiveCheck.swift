import StateRestoration

/// Reads a soak archive the way an app would, and says which pass it holds.
enum ArchiveCheck {
    /// What the archive in a directory holds.
    enum Outcome: Equatable {
        /// A whole tree, every node written by this pass.
        case pass(Int)
        /// No archive at all.
        case missing
        /// Not a valid archive, or not a tree one pass wrote; the reason says which.
        case invalid(String)
    }

    /// Checks the archive in `directory`, restores it into a fresh tree, and checks that
    /// every node is there and holds the payload of one and the same pass.
    @MainActor
    static func run(directory: String) -> Outcome {
        let storage = FileRestorationStorage(directory: directory)
        let bytes: [UInt8]
        do {
            guard let loaded = try storage.load(.archive) else { return .missing }
            bytes = loaded
        } catch {
            return .invalid("cannot read it: \(error)")
        }
        // As a launch reads it: checked, then restored in place.
        let app = SoakApp()
        let report: RestorationReport
        do {
            report = try app.makeEngine(storage: storage).restore(bytes: bytes)
        } catch {
            return .invalid(error.description)
        }
        guard report.diagnostics.isEmpty else {
            return .invalid(report.diagnostics.map(\.description).joined(separator: "; "))
        }
        guard let root = report.roots.first as? SoakNode else { return .invalid("no root was restored") }
        let nodes = root.all
        let identifiers = nodes.map { $0.restorationIdentifier ?? "" }
        guard identifiers == SoakApp.shape else {
            return .invalid("restored \(identifiers), expected \(SoakApp.shape)")
        }
        let passes = Set(nodes.map(\.pass))
        guard passes.count == 1, let pass = passes.first else {
            return .invalid("nodes from different passes: \(passes.sorted())")
        }
        for node in nodes {
            let identifier = node.restorationIdentifier ?? ""
            let expected = Payload.make(pass: pass, node: identifier, length: node.payload.utf8.count)
            guard node.payload == expected else {
                return .invalid("\(identifier): payload is not that of pass \(pass)")
            }
        }
        return .pass(pass)
    }
}
