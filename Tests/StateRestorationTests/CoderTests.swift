import Foundation
import RestorationTesting
import Testing

@testable import StateRestoration

/// A node that writes one value of every supported type.
@MainActor
final class TypedNode: Node {
    struct Settings: Codable, Equatable {
        var sort: String
        var ascending: Bool
    }

    var decodedValues: [String: String] = [:]
    var error: StateCodingError?
    var check: ((StateDecoder) throws -> Void)?

    override func encodeRestorableState(with coder: StateEncoder) throws {
        try coder.encode(true, forKey: "bool")
        try coder.encode(-42, forKey: "int")
        try coder.encode(Int8(-8), forKey: "int8")
        try coder.encode(UInt64.max, forKey: "uint64")
        try coder.encode(3.25, forKey: "double")
        try coder.encode("名字 name", forKey: "string")
        try coder.encode(Data([0, 1, 2, 255]), forKey: "data")
        try coder.encode(Date(timeIntervalSince1970: 1_700_000_000.5), forKey: "date")
        try coder.encode(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID(), forKey: "uuid")
        try coder.encode([1, 2, 3], forKey: "ints")
        try coder.encode(["a": "x", "b": "y"], forKey: "dictionary")
        try coder.encode([["nested"]], forKey: "nested")
        try coder.encodeCodable(Settings(sort: "name", ascending: false), forKey: "codable")
        try coder.encode(300, forKey: "big")
        try coder.encode(UInt(7), forKey: "smallUInt")
    }

    override func decodeRestorableState(with coder: StateDecoder) throws {
        do {
            try check?(coder)
        } catch let failure as StateCodingError {
            error = failure
        }
    }
}

@Suite("R22: the coder")
@MainActor
struct CoderTests {
    func restored(check: @escaping (StateDecoder) throws -> Void) throws -> TypedNode {
        let harness = RestorationHarness.standard()
        let app = TestApp()
        app.root = TypedNode("Typed")
        try harness.launch(app).save()
        let node = TypedNode("Typed")
        node.check = check
        let next = TestApp()
        next.factory = { _ in node }
        harness.launch(next).kill()
        return node
    }

    @Test("R22: every supported type round-trips")
    func roundTrip() throws {
        var seen = false
        let node = try restored { (coder: StateDecoder) throws -> Void in
            #expect(try coder.decode(Bool.self, forKey: "bool") == true)
            #expect(try coder.decode(Int.self, forKey: "int") == -42)
            #expect(try coder.decode(Int8.self, forKey: "int8") == -8)
            #expect(try coder.decode(UInt64.self, forKey: "uint64") == UInt64.max)
            #expect(try coder.decode(Double.self, forKey: "double") == 3.25)
            #expect(try coder.decode(String.self, forKey: "string") == "名字 name")
            #expect(try coder.decode(Data.self, forKey: "data") == Data([0, 1, 2, 255]))
            #expect(
                try coder.decode(Date.self, forKey: "date") == Date(timeIntervalSince1970: 1_700_000_000.5))
            #expect(
                try coder.decode(UUID.self, forKey: "uuid")
                    == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
            #expect(try coder.decode([Int].self, forKey: "ints") == [1, 2, 3])
            #expect(try coder.decode([String: String].self, forKey: "dictionary") == ["a": "x", "b": "y"])
            #expect(try coder.decode([[String]].self, forKey: "nested") == [["nested"]])
            #expect(
                try coder.decodeCodable(TypedNode.Settings.self, forKey: "codable")
                    == TypedNode.Settings(sort: "name", ascending: false))
            seen = true
        }
        #expect(seen)
        #expect(node.error == nil)
    }

    @Test("R22: decode of a missing key throws, naming the path and the key")
    func missingKey() throws {
        let node = try restored { coder in _ = try coder.decode(String.self, forKey: "absent") }
        let error = try #require(node.error)
        #expect(error == .keyNotFound(path: RestorationPath("Typed"), key: "absent"))
        #expect(error.description == "'Typed': no value for key 'absent'")
    }

    @Test("R22: decode of a wrong type throws, naming path, key, expected and found types")
    func wrongType() throws {
        let node = try restored { coder in _ = try coder.decode(Int.self, forKey: "string") }
        #expect(node.error?.description == "'Typed': key 'string': expected Int, found String")
    }

    @Test("R22: an integer that does not fit the requested width is a mismatch, not a trap")
    func narrowing() throws {
        let node = try restored { coder in _ = try coder.decode(Int8.self, forKey: "big") }
        #expect(
            node.error
                == .typeMismatch(
                    path: RestorationPath("Typed"), key: "big", expected: "Int8", found: "Int (300)"))
    }

    @Test("R22: the common types, read straight from the bytes, keep the general rules")
    func commonTypesKeepTheRules() throws {
        var errors: [String] = []
        func mismatch(_ read: () throws -> Void) {
            do {
                try read()
                errors.append("no error")
            } catch {
                errors.append("\(error)")
            }
        }
        _ = try restored { (coder: StateDecoder) throws -> Void in
            // An unsigned value that fits is an Int; one that does not is a mismatch.
            #expect(try coder.decode(Int.self, forKey: "smallUInt") == 7)
            #expect(try coder.decodeIfPresent(Int.self, forKey: "smallUInt") == 7)
            mismatch { _ = try coder.decode(Int.self, forKey: "uint64") }
            mismatch { _ = try coder.decode(String.self, forKey: "double") }
            mismatch { _ = try coder.decode(Double.self, forKey: "date") }
            mismatch { _ = try coder.decode(Date.self, forKey: "double") }
            mismatch { _ = try coder.decode(Data.self, forKey: "string") }
            mismatch { _ = try coder.decodeIfPresent(Bool.self, forKey: "data") }
            // Read out of order, and twice: the look-up does not depend on the order.
            #expect(try coder.decode(String.self, forKey: "string") == "名字 name")
            #expect(try coder.decode(Bool.self, forKey: "bool") == true)
            #expect(try coder.decode(String.self, forKey: "string") == "名字 name")
            #expect(try coder.decodeIfPresent(Data.self, forKey: "absent") == nil)
        }
        #expect(
            errors == [
                "'Typed': key 'uint64': expected Int, found UInt (18446744073709551615)",
                "'Typed': key 'double': expected String, found Double",
                "'Typed': key 'date': expected Double, found Date",
                "'Typed': key 'double': expected Date, found Double",
                "'Typed': key 'string': expected Data, found String",
                "'Typed': key 'data': expected Bool, found Data",
            ])
    }

    @Test("R22: decodeIfPresent returns nil for a missing key, and still checks the type")
    func ifPresent() throws {
        var missing: String?? = .some("unset")
        let node = try restored { (coder: StateDecoder) throws -> Void in
            missing = try coder.decodeIfPresent(String.self, forKey: "absent")
            _ = try coder.decodeIfPresent(Bool.self, forKey: "int")
        }
        #expect(missing == .some(nil))
        #expect(node.error?.description == "'Typed': key 'int': expected Bool, found Int (-42)")
    }

    @Test("R22: a Codable that no longer decodes throws codableFailed, naming the type")
    func codableMismatch() throws {
        struct Other: Codable { var count: Int }
        let node = try restored { coder in _ = try coder.decodeCodable(Other.self, forKey: "codable") }
        guard case .codableFailed(let path, let key, let type, _)? = node.error else {
            Issue.record("expected codableFailed, got \(String(describing: node.error))")
            return
        }
        #expect(path == RestorationPath("Typed") && key == "codable" && type == "Other")
    }
}

/// Writes one value of each common type, typed or as a ``StateValue``.
@MainActor
final class CommonTypesNode: RestorableObject {
    let restorationIdentifier: String? = "Common"
    let typed: Bool

    init(typed: Bool) { self.typed = typed }

    func encodeRestorableState(with coder: StateEncoder) throws {
        let date = Date(timeIntervalSince1970: 1_234.5)
        let data = Data([1, 2, 3])
        if typed {
            try coder.encode("text 名", forKey: "string")
            try coder.encode(-123_456, forKey: "int")
            try coder.encode(2.5, forKey: "double")
            try coder.encode(date, forKey: "date")
            try coder.encode(true, forKey: "true")
            try coder.encode(false, forKey: "false")
            try coder.encode(data, forKey: "data")
        } else {
            try coder.encode(stateValue: "text 名".stateValue, forKey: "string")
            try coder.encode(stateValue: (-123_456).stateValue, forKey: "int")
            try coder.encode(stateValue: 2.5.stateValue, forKey: "double")
            try coder.encode(stateValue: date.stateValue, forKey: "date")
            try coder.encode(stateValue: true.stateValue, forKey: "true")
            try coder.encode(stateValue: false.stateValue, forKey: "false")
            try coder.encode(stateValue: data.stateValue, forKey: "data")
        }
    }
}

@Suite("R22: the typed write paths")
@MainActor
struct TypedWriteTests {
    @Test("R22, R23: the common types written typed give the bytes their StateValues give")
    func sameBytes() throws {
        func archive(typed: Bool) throws -> [UInt8] {
            let harness = RestorationHarness.standard()
            harness.configuration.now = { Date(timeIntervalSince1970: 1_000) }
            let app = TestApp()
            let root = Node("Root")
            root.views = [CommonTypesNode(typed: typed)]
            app.root = root
            try harness.launch(app).save()
            return try #require(harness.storage[.archive])
        }
        let typed = try archive(typed: true)
        #expect(typed == (try archive(typed: false)))
        let entries = try #require(try Archive(bytes: typed).records.last?.entries)
        #expect(entries.map(\.key) == ["string", "int", "double", "date", "true", "false", "data"])
        #expect(entries.first?.value == .string("text 名"))
        #expect(entries[1].value == .int(-123_456))
    }
}
