import Foundation
import Testing

@testable import StateRestoration

/// A base with a declared property, under a generic subclass that declares its own.
@MainActor
class LookupBase: Node {
    @Restorable("base") var base = 0
    let plainReference = Node("not a property")
}

@MainActor
final class LookupGeneric<Value>: LookupBase {
    let direct = RestorableProperty("direct", "")
    var payload: Value?
    @Restorable("wrapped") var wrapped = [1, 2]
    let erased: AnyRestorableProperty = RestorableProperty("erased", 0.5)
}

/// Holds another wrapper's storage whose first field is not a property.
@MainActor
final class LookupOther: Node {
    @Lazyish var notes = "x"
}

@propertyWrapper
struct Lazyish {
    var stored: String
    var wrappedValue: String {
        get { stored }
        set { stored = newValue }
    }
    init(wrappedValue: String) { stored = wrappedValue }
}

/// How the engine finds an object's restorable properties (rules R25, P2): from its class's
/// stored fields, once per class, superclasses' first.
@Suite("R25: restorable properties found in every kind of stored field")
@MainActor
struct RestorablePropertyLookupTests {
    @Test(
        "R25: stored, wrapped and type-erased properties are found, a superclass's first, each object its own"
    )
    func everyShape() {
        let properties = RestorableProperties()
        let first = LookupGeneric<Int>("a")
        let second = LookupGeneric<Int>("b")
        #expect(properties.of(first).map(\.key) == ["base", "direct", "wrapped", "erased"])
        let found = properties.of(second)
        #expect(found.map(\.key) == ["base", "direct", "wrapped", "erased"])
        #expect(found[1] === second.direct && found[2] === second.$wrapped && found[3] === second.erased)
        #expect(found[0] !== properties.of(first)[0], "each object's own")
        #expect(
            properties.of(LookupGeneric<String>("c")).map(\.key) == ["base", "direct", "wrapped", "erased"])
    }

    @Test("R25: a class without one, and another wrapper's storage, give none")
    func none() {
        let properties = RestorableProperties()
        #expect(properties.of(Node("n")).isEmpty)
        #expect(properties.of(LookupOther("o")).isEmpty)
        #expect(!properties.mayHave(LookupOther("p")), "remembered for the type")
        #expect(properties.of(DeclaredNode("d")).map(\.key) == ["draft", "tags", "scroll"])
    }
}
