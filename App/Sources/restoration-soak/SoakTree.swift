import StateRestoration

/// One object of the soak's tree. Every pass gives every node the pass number and a
/// payload that follows from it, so a restored tree tells which pass it came from and
/// whether all of it came from the same one.
@MainActor
final class SoakNode: RestorableObject {
    let restorationIdentifier: String?
    var children: [SoakNode]
    var pass = -1
    var payload = ""

    init(_ identifier: String, children: [SoakNode] = []) {
        restorationIdentifier = identifier
        self.children = children
    }

    var restorationChildren: [any RestorableObject] { children }

    func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(pass, forKey: "pass")
        try coder.encode(payload.utf8.count, forKey: "length")
        try coder.encode(payload, forKey: "payload")
        try coder.encodeObjects(children, forKey: "children")
    }

    func decodeRestorableState(with coder: StateDecoder) throws {
        pass = try coder.decode(Int.self, forKey: "pass")
        payload = try coder.decode(String.self, forKey: "payload")
        let length = try coder.decode(Int.self, forKey: "length")
        guard payload.utf8.count == length else {
            throw SoakError.inconsistent(
                "\(restorationIdentifier ?? "?"): payload of \(payload.utf8.count) bytes, recorded \(length)")
        }
        children = try coder.decodeObjects(of: SoakNode.self, forKey: "children")
    }

    /// This node and its descendants, in preorder.
    var all: [SoakNode] { [self] + children.flatMap(\.all) }
}

/// What went wrong in a soak check.
enum SoakError: Error, CustomStringConvertible {
    /// The archive restored, but not as one pass wrote it.
    case inconsistent(String)

    var description: String {
        switch self {
        case .inconsistent(let detail): "inconsistent tree: \(detail)"
        }
    }
}

/// The soak app: a tree of four nodes, a delegate that saves and restores, and the engine.
@MainActor
final class SoakApp: RestorationDelegate {
    /// The identifiers, in preorder, of the tree every pass writes.
    static let shape = ["Soak", "Left", "Right", "Leaf"]

    let root = SoakNode(
        "Soak", children: [SoakNode("Left"), SoakNode("Right", children: [SoakNode("Leaf")])])
    /// The last failure of a write off the main actor (continuous preservation).
    var backgroundFailure: RestorationError?

    /// An engine for this app. The engine holds the app weakly: keep the app alive.
    func makeEngine(
        storage: any RestorationStorage, continuous: Bool = false, limits: ArchiveLimits = .default
    ) -> RestorationEngine {
        let configuration = RestorationConfiguration(
            appName: "restoration-soak", appVersion: "1", limits: limits,
            continuousPreservationDelay: continuous ? .zero : nil)
        return RestorationEngine(
            configuration: configuration, registry: RestorationRegistry(), storage: storage, delegate: self,
            roots: { [root] in [root] })
    }

    /// Gives every node the state of `pass`; `totalBytes` overrides the payload sizes.
    func set(pass: Int, totalBytes: Int? = nil) {
        for node in root.all {
            let identifier = node.restorationIdentifier ?? ""
            let length =
                totalBytes.map { $0 / Self.shape.count }
                ?? Payload.defaultLength(pass: pass, node: identifier)
            node.pass = pass
            node.payload = Payload.make(pass: pass, node: identifier, length: length)
        }
    }

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }

    func restorableObject(withRestorationPath path: RestorationPath, coder: StateDecoder)
        -> (any RestorableObject)?
    {
        guard let identifier = path.last?.identifier else { return nil }
        return SoakNode(identifier)
    }

    func didFailToPreserveState(_ error: RestorationError) {
        backgroundFailure = error
    }
}

/// The payload of a node for a pass: bytes that follow from the pass, the node and the
/// length, so a check can rebuild them and see that nothing is mixed or cut.
enum Payload {
    /// Between 256 bytes and about 48 KiB, varying with the pass, so writes take varying time.
    static func defaultLength(pass: Int, node: String) -> Int {
        256 + Int((UInt64(truncatingIfNeeded: pass) &* 0x9E37_79B9_7F4A_7C15 ^ seed(node)) % 48_000)
    }

    static func make(pass: Int, node: String, length: Int) -> String {
        var state = UInt64(truncatingIfNeeded: pass) &* 0xD6E8_FEB8_6659_FD93 ^ seed(node)
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_".utf8)
        // 64 letters: the top 6 bits of the state pick one.
        var bytes = [UInt8](repeating: 0, count: max(length, 0))
        for index in bytes.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes[index] = letters[Int(state >> 58)]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func seed(_ node: String) -> UInt64 {
        node.utf8.reduce(1_469_598_103_934_665_603) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    }
}
