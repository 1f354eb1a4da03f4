/// The restoration classes an app allows the engine to call, by name (rule R15).
///
/// This is the engine's counterpart of `NSSecureCoding`, and a security boundary: an
/// archive can only ever name a type; whether that type is created is decided here.
@MainActor
public struct RestorationRegistry {
    private var classes: [String: any ObjectRestoration.Type] = [:]

    /// Creates an empty registry.
    public init() {}

    /// Creates a registry holding `types`.
    public init(_ types: [any ObjectRestoration.Type]) {
        for type in types { register(type) }
    }

    /// Allows `type` to be called at launch under its ``ObjectRestoration/restorationClassName``.
    /// Registering a second type under the same name replaces the first.
    public mutating func register(_ type: any ObjectRestoration.Type) {
        classes[type.restorationClassName] = type
    }

    /// The registered class with that name, or nil.
    public func restorationClass(named name: String) -> (any ObjectRestoration.Type)? {
        classes[name]
    }

    /// The registered names, sorted.
    public var registeredNames: [String] { classes.keys.sorted() }
}
