/// The ways of saving a tree that the benchmark compares, by the name the report uses.
enum Library: String, CaseIterable, Hashable, Sendable {
    case stateRestoration = "StateRestoration"
    case keyedArchiver = "NSKeyedArchiver"
    case propertyList = "PropertyListEncoder"
    case json = "JSONEncoder"
    case floor = "floor"

    /// The order of the tables: the floor first, then the engine, then Foundation.
    static let reportOrder: [Library] = [.floor, .stateRestoration, .json, .propertyList, .keyedArchiver]

    /// What a row is, for the table's legend.
    var summary: String {
        switch self {
        case .stateRestoration: "the engine: encodeState / restore(bytes:)"
        case .keyedArchiver: "NSKeyedArchiver / NSKeyedUnarchiver, secure coding"
        case .propertyList: "PropertyListEncoder / Decoder, binary"
        case .json: "JSONEncoder / JSONDecoder, default strategies"
        case .floor: "hand-written: the same fields appended to a byte buffer"
        }
    }
}
