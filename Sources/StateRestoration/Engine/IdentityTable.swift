/// A map from an object's identity to an index: open addressing on the object's address.
///
/// The walk asks "is this object saved already, and where?" once or twice per object and
/// once per reference. `Dictionary<ObjectIdentifier, Int>` answers with a SipHash of the
/// address, which cost more per object than encoding a typical key; a multiplicative hash
/// is enough for addresses, which are distinct and never zero.
struct IdentityTable {
    /// Addresses, 0 for an empty slot; the count is a power of two, at most half full.
    private var keys: [UInt]
    private var values: [Int]
    private var count = 0
    private var shift: UInt64

    /// Creates a table with room for `capacity` objects before it grows.
    init(capacity: Int = 32) {
        var size = 64
        var bits: UInt64 = 6
        while size < capacity * 2 {
            size *= 2
            bits += 1
        }
        keys = Array(repeating: 0, count: size)
        values = Array(repeating: 0, count: size)
        shift = 64 - bits
    }

    /// The index stored for `object`, or nil.
    subscript(object: ObjectIdentifier) -> Int? {
        let key = UInt(bitPattern: object)
        let mask = keys.count - 1
        var slot = slot(of: key)
        while true {
            let found = keys[slot]
            if found == key { return values[slot] }
            if found == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Stores `value` for `object`, replacing any value stored before.
    mutating func set(_ value: Int, for object: ObjectIdentifier) {
        if (count + 1) * 2 > keys.count { grow() }
        insert(value, key: UInt(bitPattern: object))
    }

    private mutating func insert(_ value: Int, key: UInt) {
        let mask = keys.count - 1
        var slot = slot(of: key)
        while true {
            let found = keys[slot]
            if found == key {
                values[slot] = value
                return
            }
            if found == 0 {
                keys[slot] = key
                values[slot] = value
                count += 1
                return
            }
            slot = (slot + 1) & mask
        }
    }

    private func slot(of key: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: 0, count: oldKeys.count * 2)
        values = Array(repeating: 0, count: oldKeys.count * 2)
        shift -= 1
        count = 0
        for (slot, key) in oldKeys.enumerated() where key != 0 {
            insert(oldValues[slot], key: key)
        }
    }
}
