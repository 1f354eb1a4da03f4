import Testing

@testable import StateRestoration

/// Type names as archives record them (rule X3), made the cheap way (rule P2).
@Suite("X3: the type names an archive records")
@MainActor
struct TypeNameTests {
    private enum Outer {
        final class Inner {}
        struct Generic<Value> {}
    }
    private final class Plain {}
    private final class Generic<Value> {}

    static let types: [Any.Type] = [
        Outer.Inner.self, Outer.Generic<String>.self, Plain.self, Generic<Int>.self, Node.self,
        StackNode.self, Int.self, [String: Int].self, Int?.self, RestorationEngine.self,
    ]

    @Test("X3: a type's recorded names are what String(reflecting:) and String(describing:) give")
    func namesAsBefore() {
        for type in Self.types {
            #expect(_typeName(type, qualified: true) == String(reflecting: type))
            #expect(_typeName(type, qualified: false) == String(describing: type))
        }
        let cache = TypeNameCache()
        let node = StackNode("n")
        #expect(cache.typeName(of: node) == String(reflecting: StackNode.self))
        #expect(cache.object(node, matches: String(reflecting: Node.self)), "a subclass matches (R14)")
        #expect(!cache.object(Node("n"), matches: String(reflecting: StackNode.self)))
    }

    @Test("X3: a restoration class's default name is its type's, unqualified")
    func restorationClassName() {
        #expect(NodeRestorer.restorationClassName == "NodeRestorer")
    }
}
