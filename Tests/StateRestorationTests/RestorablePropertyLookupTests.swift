import Foundation
import RestorationTesting
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

    @Test("P2, R25: classes prepared on other threads are found as on the main thread, properties and all")
    func preparedOnOtherThreads() async {
        let layouts = RestorablePropertyLayouts()
        // Several threads at once, for the same classes: each class is reflected, and the
        // answer is one.
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { layouts.prepare([LookupGeneric<Int>.self, LookupOther.self, Node.self]) }
            }
        }
        let prepared = RestorableProperties(layouts: layouts)
        let object = LookupGeneric<Int>("a")
        let found = prepared.of(object)
        #expect(found.map(\.key) == ["base", "direct", "wrapped", "erased"])
        #expect(found[1] === object.direct && found[2] === object.$wrapped)
        #expect(prepared.of(LookupOther("o")).isEmpty && prepared.of(Node("n")).isEmpty)
        #expect(
            layouts.offsets(of: LookupGeneric<Int>.self)
                == RestorableProperties.propertyOffsets(of: LookupGeneric<Int>.self))
        // A class not prepared is reflected when first met, on this thread.
        #expect(prepared.of(DeclaredNode("d")).map(\.key) == ["draft", "tags", "scroll"])
    }

    @Test("P2, R25: an engine's restore finds its classes through the layouts it hands out")
    func engineUsesItsLayouts() throws {
        let harness = RestorationHarness.continuous()
        let node = DeclaredNode("Root")
        node.draft = "half typed"
        try harness.saveAndKill(node)
        let restored = DeclaredNode("Root")
        let launch = harness.launch(root: restored)
        #expect(restored.draft == "half typed")
        #expect(launch.engine.restorablePropertyLayouts.isKnown(DeclaredNode.self))
        #expect(!launch.engine.restorablePropertyLayouts.isKnown(LookupOther.self))
    }
}
