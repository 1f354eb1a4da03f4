import Foundation

/// Encoded bytes, kept whole until the timer stops so that freeing them is not timed.
enum EncodedBytes {
    case array([UInt8])
    case data(Data)

    /// The size in bytes.
    var count: Int {
        switch self {
        case .array(let bytes): bytes.count
        case .data(let data): data.count
        }
    }
}

/// One library under test, bound to one tree.
///
/// `encode` is a full save minus the disk: walk the live objects, code every field and
/// produce the bytes. `decode` is a full restore minus the disk: from the bytes to a new
/// live tree of ``BenchNode``s, with everything in it.
@MainActor
protocol Contender: AnyObject {
    /// Which library this is.
    var library: Library { get }
    /// Saves the tree the contender was made with.
    func encode() throws -> EncodedBytes
    /// Untimed set-up for the next `count` decodes (a fresh app for each, for the engine).
    func prepareDecodes(_ count: Int)
    /// Restores a new tree from `encoded`, using the set-up of slot `slot`.
    func decode(_ encoded: EncodedBytes, slot: Int) throws -> BenchNode
    /// Anything the library reported along the way that means the round trip is not clean.
    func problems() -> [String]
}

extension Contender {
    func prepareDecodes(_ count: Int) {}
    func problems() -> [String] { [] }
}
