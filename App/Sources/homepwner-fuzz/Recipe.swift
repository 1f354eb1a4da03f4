import Foundation
import StateRestoration
import TestSupport

/// The structure-aware mode: an input whose first byte is ``marker`` (`0x7E`, `~`) is not
/// archive bytes but a recipe for an archive of Homepwner-shaped records.
///
/// The bytes after the marker are the recipe's decisions, one or two bytes each (a
/// mutation of one byte changes one decision); when they run out, the decisions go on from
/// a SplitMix64 generator seeded with a hash of them. The tree has Homepwner's type names,
/// identifiers, restoration classes and keys (`stack`, `presented`, `focus`, `editing`,
/// `TableViewIsEditing`, `selection`, `firstVisible`, `contentOffset`, `item.itemKey`,
/// `text`, `cursor`, the tabs' `selectedIndex`, the split's `collapsed`, `primaryDepth` and
/// `focusedColumn`, ...), values mostly of the right type, and references that make
/// cycles and shared children: a stack naming itself or an ancestor, controllers presenting
/// each other, one child listed by two containers, references to random records. It is
/// built as an ``Archive`` value and written with ``Archive/encodedBytes()``, so it passes
/// the checksum and the reader and reaches restoration itself.
struct Recipe {
    /// The first byte of a recipe; an archive starts with `0x89`.
    static let marker: UInt8 = 0x7E

    private var source: Source
    private let itemKeys: [UUID]
    /// Whether the recipe wants a provisional item (a New Item screen's) to name.
    let wantsNewItem: Bool
    /// Whether `presented` and `focus` name what Homepwner would (else anything).
    private let wellFormed: Bool

    /// A recipe from `bytes` (the input after the marker), naming `itemKeys` among others.
    init(_ bytes: ArraySlice<UInt8>, itemKeys: [UUID]) {
        source = Source(bytes)
        self.itemKeys = itemKeys
        wantsNewItem = source.chance(40)
        wellFormed = source.chance(50)
    }

    /// A recipe input made from `seed`: the marker and 256 bytes of SplitMix64.
    static func input(seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        return [marker] + (0..<256).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }

    // MARK: Vocabulary

    enum Kind: CaseIterable {
        case navigation, items, table, detail, field, notes, stranger
        /// The tabs, the split and its columns, the Summary tab (rule T5).
        case tabs, split, column, summaryNavigation, summary
    }

    static let identifiers: [Kind: [String]] = [
        .navigation: ["NavigationController"], .items: ["ItemsViewController"], .table: ["TableView"],
        .detail: ["DetailViewController"],
        .field: ["nameField", "serialNumberField", "valueField", "photoPathField"], .notes: ["notesView"],
        .tabs: ["TabBarController"], .split: ["SplitViewController"], .column: ["primary", "secondary"],
        .summaryNavigation: ["SummaryNavigationController"], .summary: ["SummaryViewController"],
        .stranger: [
            "Root", "ViewController", "x", "熊猫", "a/b", "#2", "nameField#2", "NavigationController#2",
        ],
    ]
    static let typeNames: [Kind: String] = [
        .navigation: "TerminalKit.NavigationController", .items: "Homepwner.ItemsViewController",
        .table: "TerminalKit.TableView", .detail: "Homepwner.DetailViewController",
        .field: "TerminalKit.TextField", .notes: "TerminalKit.TextView",
        .stranger: "TerminalKit.ViewController", .tabs: "TerminalKit.TabBarController",
        .split: "TerminalKit.SplitViewController", .column: "TerminalKit.NavigationController",
        .summaryNavigation: "TerminalKit.NavigationController", .summary: "Homepwner.SummaryViewController",
    ]
    /// What Homepwner puts under an object of a kind (nil: at the root): the list and
    /// detail screens in navigation controllers, the table in the list, the fields and the
    /// notes in the detail screen, and a modal navigation controller presented by any screen.
    static let nested: [Kind?: [Kind]] = [
        nil: [.tabs, .tabs, .navigation], .navigation: [.items, .detail, .detail, .navigation],
        .tabs: [.split, .summaryNavigation, .navigation], .split: [.column, .column],
        .column: [.items, .detail, .detail], .summaryNavigation: [.summary], .summary: [.stranger],
        .items: [.table, .navigation],
        .detail: [.field, .field, .field, .notes, .navigation], .table: [.stranger, .field],
        .field: [.stranger], .notes: [.stranger],
        .stranger: Kind.allCases,
    ]
    static let classNames = [
        "ItemsViewController", "DetailViewController", "NavigationController", "TextField",
        "Homepwner.ItemsViewController", "AppDelegate", "",
    ]
    static let keys = [
        "stack", "presented", "focus", "editing", "TableViewIsEditing", "selection", "firstVisible",
        "contentOffset", "item.itemKey", "item.storedName", "item.storedSerialNumber",
        "item.storedValueInDollars", "item.storedNotes", "text", "cursor", "anchor", "scroll", "",
        "selectedIndex", "collapsed", "primaryDepth", "focusedColumn",
    ]
    static let strings = [
        "", "lamp", "Shiny 熊猫", "e\u{301}\u{301}\u{301}", "🇫🇷👨‍👩‍👧", "\u{1B}[31mred\u{1B}[0m", "\t\n\r", "\u{0}",
        "\u{202E}txet", "12345678901234567890", "-1", "$", "a\u{200B}b", "\u{FEFF}", "ｗｉｄｅ",
    ]
    /// A key of no item.
    static let strangerKey = UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))
    static let integers: [Int64] = [
        0, 1, -1, 2, 23, 24, 79, 80, 1 << 31, -(1 << 31), .max, .min, 1000, -1000,
    ]

    // MARK: The archive

    /// The archive the recipe describes; `provisionalKey` is the New Item screen's item, if
    /// the launch made one.
    mutating func archive(provisionalKey: UUID?) -> Archive {
        let count = source.chance(5) ? 1 + source.below(400) : 1 + source.below(24)
        var kinds: [Kind] = []
        var records: [ArchiveRecord] = []
        for index in 0..<count {
            let parent: Int? =
                index == 0 || source.chance(4)
                ? nil : source.chance(70) ? index - 1 - source.below(min(index, 3)) : source.below(index)
            // Mostly what Homepwner nests there, else anything.
            let kind =
                source.chance(80) ? pick(Self.nested[parent.map { kinds[$0] }] ?? []) : pick(Kind.allCases)
            let identifier =
                source.chance(90)
                ? pick(Self.identifiers[kind] ?? ["x"]) : pick(Self.identifiers[pick(Kind.allCases)] ?? ["x"])
            let siblings = records.indices.filter {
                records[$0].parentIndex == parent && records[$0].path.last?.identifier == identifier
            }
            let occurrence = source.chance(85) ? siblings.count : source.below(4)
            let parentPath = parent.map { records[$0].path } ?? RestorationPath()
            let typeName =
                source.chance(90) ? Self.typeNames[kind] ?? "" : Self.typeNames[pick(Kind.allCases)] ?? ""
            // The list and the detail screen name their class; the others have none.
            let usual = kind == .items || kind == .detail ? Self.identifiers[kind]?.first : nil
            let className = source.chance(85) ? usual : source.chance(30) ? nil : pick(Self.classNames)
            kinds.append(kind)
            records.append(
                ArchiveRecord(
                    parentIndex: parent, path: parentPath.appending(identifier, occurrence: occurrence),
                    typeName: typeName, restorationClassName: className,
                    stateVersion: source.chance(95) ? 0 : source.below(5) - 2, entries: []))
        }
        for index in records.indices {
            records[index].entries = entries(
                of: kinds[index], at: index, in: records, provisionalKey: provisionalKey)
        }
        var applicationState: [ArchiveEntry] = []
        if source.chance(10) {
            applicationState.append(ArchiveEntry(key: pick(Self.keys), value: value(depth: 0)))
        }
        let metadata = ArchiveMetadata(
            appName: source.chance(97) ? "homepwner" : pick(["Homepwner", "", "terminalkit-demo"]),
            appVersion: source.chance(95) ? "1.0.0" : pick(["0.9", "2.0.0", ""]),
            systemVersion: "Linux; StateRestoration 1.0.0",
            timestamp: Date(timeIntervalSince1970: 1_780_000_000), interfaceIdiom: "terminal")
        return Archive(
            metadata: metadata, applicationState: applicationState, records: records, byteCount: 0,
            stringCount: 0)
    }

    private mutating func entries(
        of kind: Kind, at index: Int, in records: [ArchiveRecord], provisionalKey: UUID?
    ) -> [ArchiveEntry] {
        var entries: [ArchiveEntry] = []
        func add(_ key: String, _ value: StateValue) { entries.append(ArchiveEntry(key: key, value: value)) }
        let children = records.indices.filter { records[$0].parentIndex == index }
        switch kind {
        case .navigation, .column, .summaryNavigation:
            // Mostly its controller children once each, in order, as Homepwner writes it;
            // else references of any kind, repeated.
            var stack: [StateValue] = children.filter {
                records[$0].typeName.hasSuffix("ViewController") && !presentable(records[$0])
            }
            .map { .reference($0) }
            if source.chance(40) {
                stack = []
                for _ in 0..<(source.chance(5) ? source.below(256) : source.below(5)) {
                    stack.append(reference(from: index, children: children, in: records))
                }
            }
            if source.chance(90) { add("stack", .array(stack)) }
        case .items:
            if source.chance(30) { add("TableViewIsEditing", .bool(source.chance(50))) }
        case .table:
            if source.chance(70) { add("selection", .string(keyText(provisionalKey))) }
            if source.chance(50) { add("firstVisible", .string(keyText(provisionalKey))) }
            if source.chance(20) { add("contentOffset", .int(integer())) }
        case .detail:
            if source.chance(90) { add("item.itemKey", itemKey(provisionalKey)) }
            if source.chance(20) { add("item.storedName", .string(string())) }
            if source.chance(20) { add("item.storedSerialNumber", .string(string())) }
            if source.chance(20) { add("item.storedValueInDollars", .int(integer())) }
            if source.chance(20) { add("item.storedNotes", .string(string())) }
        case .field:
            if source.chance(80) { add("text", .string(string())) }
            if source.chance(70) {
                add("cursor", .int(source.chance(70) ? Int64(source.below(40)) : integer()))
            }
        case .notes:
            // The text view's draft: offsets in the text, or anywhere (they are clamped).
            if source.chance(80) { add("text", .string(string())) }
            for key in ["cursor", "anchor", "scroll"] where source.chance(50) {
                add(key, .int(source.chance(70) ? Int64(source.below(40)) : integer()))
            }
        case .tabs:
            if source.chance(80) {
                add("selectedIndex", .int(source.chance(70) ? Int64(source.below(3)) : integer()))
            }
        case .split:
            if source.chance(70) { add("collapsed", .bool(source.chance(50))) }
            if source.chance(70) {
                add("primaryDepth", .int(source.chance(70) ? Int64(source.below(4)) : integer()))
            }
            if source.chance(60) {
                add("focusedColumn", .string(source.chance(80) ? pick(["primary", "secondary"]) : string()))
            }
        case .summary, .stranger: break
        }
        if kind != .table && kind != .field && kind != .notes {
            // Half the recipes present a child navigation controller and focus a child
            // view, as Homepwner does; the others reference anything.
            let modal = children.first { presentable(records[$0]) }
            let view = children.first {
                records[$0].typeName.hasSuffix("Field") || records[$0].typeName.hasSuffix("View")
            }
            if wellFormed {
                if let modal, source.chance(60) { add("presented", .reference(modal)) }
                if let view, source.chance(60) { add("focus", .reference(view)) }
            } else {
                if source.chance(25) {
                    add("presented", reference(from: index, children: children, in: records))
                }
                if source.chance(40) { add("focus", reference(from: index, children: children, in: records)) }
            }
            if source.chance(20) { add("editing", .bool(source.chance(70))) }
        }
        while source.chance(15) { add(pick(Self.keys), value(depth: 0)) }
        return entries
    }

    /// A reference from record `index`: mostly to one of its children, else to itself, an
    /// ancestor, a random record, a record further on, or nil.
    /// A navigation controller, which Homepwner presents rather than pushes.
    private func presentable(_ record: ArchiveRecord) -> Bool {
        record.typeName.hasSuffix("NavigationController")
    }

    private mutating func reference(from index: Int, children: [Int], in records: [ArchiveRecord])
        -> StateValue
    {
        switch source.below(10) {
        case 0...5 where !children.isEmpty: return .reference(pick(children))
        case 6: return .reference(index)
        case 7:
            var ancestor = index
            for _ in 0..<(1 + source.below(3)) { ancestor = records[ancestor].parentIndex ?? ancestor }
            return .reference(ancestor)
        case 8: return source.chance(10) ? .reference(nil) : .reference(source.below(records.count))
        default: return .reference(source.below(records.count))
        }
    }

    /// An item key as the detail screen stores it: mostly a UUID of the store (or of the
    /// New Item screen's item), sometimes a stranger or another type.
    private mutating func itemKey(_ provisionalKey: UUID?) -> StateValue {
        if let provisionalKey, source.chance(60) { return .uuid(provisionalKey) }
        switch source.below(10) {
        case 0...4 where !itemKeys.isEmpty: return .uuid(pick(itemKeys))
        case 5...7: return .uuid(provisionalKey ?? pick(itemKeys))
        case 8:
            return .uuid(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(source.below(256)))))
        default: return source.chance(50) ? .string(keyText(provisionalKey)) : value(depth: 0)
        }
    }

    private mutating func keyText(_ provisionalKey: UUID?) -> String {
        let key = source.chance(80) && !itemKeys.isEmpty ? pick(itemKeys) : provisionalKey
        guard source.chance(80), let key else { return string() }
        return source.chance(90) ? key.uuidString.lowercased() : key.uuidString
    }

    private mutating func string() -> String {
        switch source.below(10) {
        case 0...5: return pick(Self.strings)
        case 6: return String(repeating: pick(Self.strings + ["熊", "x"]), count: source.below(2048))
        case 7:
            let scalars = (0..<source.below(24)).compactMap { _ in
                Unicode.Scalar(UInt32(source.below(256)) << (source.chance(50) ? 0 : 8))
            }
            return String(String.UnicodeScalarView(scalars))
        default: return pick(Self.strings) + pick(Self.strings)
        }
    }

    private mutating func integer() -> Int64 {
        source.chance(60) ? pick(Self.integers) : Int64(bitPattern: source.next64())
    }

    /// Any value, of any type, nested at most three deep.
    private mutating func value(depth: Int) -> StateValue {
        switch source.below(depth < 3 ? 12 : 10) {
        case 0: .bool(source.chance(50))
        case 1: .int(integer())
        case 2: .uint(source.next64())
        case 3: .double(pick([0, -0.0, .nan, .infinity, 1e300, 2.5]))
        case 4: .string(string())
        case 5: .data(Data(repeating: UInt8(source.below(256)), count: source.below(64)))
        case 6: .date(Date(timeIntervalSince1970: Double(integer())))
        case 7: .uuid(itemKeys.isEmpty ? Self.strangerKey : pick(itemKeys))
        case 8: .reference(source.chance(20) ? nil : source.below(8))
        case 9: .codable(Data(pick(["{}", "[]", "\"x\"", "{\"a\":1}", "nul"]).utf8))
        case 10: .array((0..<source.below(4)).map { _ in value(depth: depth + 1) })
        default:
            .dictionary(
                Dictionary((0..<source.below(4)).map { _ in (pick(Self.keys), value(depth: depth + 1)) }) {
                    first, _ in first
                })
        }
    }

    private mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[source.below(elements.count)]
    }
}

/// The recipe's decisions: its bytes first, then SplitMix64 seeded with their hash.
struct Source: RandomNumberGenerator {
    private var bytes: ArraySlice<UInt8>
    private var generator: SplitMix64

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        // FNV-1a of the bytes: the same recipe always continues the same way.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        generator = SplitMix64(seed: hash)
    }

    private mutating func byte() -> UInt8 {
        bytes.popFirst() ?? UInt8(truncatingIfNeeded: generator.next())
    }

    /// 0 ..< `bound` (1 when `bound` is 0): one byte for bounds up to 256, two above.
    mutating func below(_ bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let raw = bound <= 256 ? Int(byte()) : Int(byte()) << 8 | Int(byte())
        return raw % bound
    }

    /// True `percent` times in 100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// Eight bytes.
    mutating func next64() -> UInt64 {
        (0..<8).reduce(0) { value, _ in value << 8 | UInt64(byte()) }
    }

    mutating func next() -> UInt64 { next64() }
}
