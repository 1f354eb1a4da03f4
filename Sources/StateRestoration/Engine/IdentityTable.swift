/// A map from an object's identity to an index: open addressing on the object's address.
///
/// The walk asks "is this object saved already? if not, it is now, at this index" once per
/// object, and a reference that is not to the next expected child asks where its object
/// is. `Dictionary<ObjectIdentifier, Int>` answers with a SipHash of the address, which
/// cost more per object than encoding a typical key; a multiplicative hash is enough for
/// addresses, which are distinct and never zero.
///
/// Each slot holds its key and value side by side, so that a probe touches one cache line:
/// with 100,000 objects the table is megabytes, and every probe lands somewhere new.
struct IdentityTable {
    private struct Slot {
        /// The address, or 0 for an empty slot.
        var key: UInt
        var value: Int
    }

    /// The count is a power of two, at most half full.
    private var slots: [Slot]
    private var count = 0
    private var shift: UInt64
    /// What ``warm(_:)`` read, unused.
    private var warmed: UInt = 0

    /// Creates a table with room for `capacity` objects before it grows.
    init(capacity: Int = 32) {
        var size = 64
        var bits: UInt64 = 6
        while size < capacity * 2 {
            size *= 2
            bits += 1
        }
        slots = Array(repeating: Slot(key: 0, value: 0), count: size)
        shift = 64 - bits
    }

    /// The index stored for `object`, or nil.
    subscript(object: ObjectIdentifier) -> Int? {
        let key = UInt(bitPattern: object)
        let start = slot(of: key)
        let slots = self.slots.span
        let mask = slots.count - 1
        var slot = start
        while true {
            let found = slots[slot].key
            if found == key { return slots[slot].value >= 0 ? slots[slot].value : nil }
            if found == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Reads the slot where each object's probe starts, so that the probes find them in the
    /// cache. Reads that do not wait on each other miss the cache together, where probes
    /// one after another, with other work between, would each wait on their own miss.
    ///
    /// It takes the objects themselves, not a mapped sequence of their identities: a closure
    /// written in a main-actor method begins with a run-time check of the executor, which cost
    /// more than the reads it was for.
    mutating func warm(_ objects: [any RestorableObject]) {
        var keys: UInt = 0
        do {
            let slots = self.slots.span
            for index in objects.indices {
                keys |= slots[slot(of: UInt(bitPattern: ObjectIdentifier(objects[index])))].key
            }
        }
        // Kept, so that the reads are not optimised away.
        warmed = keys
    }

    /// Stores `value` for `object` unless a value is stored for it already, in one probe.
    /// - Returns: The value stored before, or nil if `value` was stored.
    mutating func insertIfAbsent(_ value: Int, for object: ObjectIdentifier) -> Int? {
        insertIfAbsent(value, key: UInt(bitPattern: object))
    }

    private mutating func insertIfAbsent(_ value: Int, key: UInt) -> Int? {
        if (count + 1) * 2 > slots.count { grow() }
        let start = slot(of: key)
        let mask = slots.count - 1
        var slot = start
        while true {
            let found = slots[slot].key
            if found == key {
                guard slots[slot].value < 0 else { return slots[slot].value }
                slots[slot].value = value
                return nil
            }
            if found == 0 {
                slots[slot] = Slot(key: key, value: value)
                count += 1
                return nil
            }
            slot = (slot + 1) & mask
        }
    }

    /// Stores `value` for `object`, replacing what was stored (-1 stands for an object no
    /// longer there: ``subscript(_:)`` then answers nil).
    mutating func set(_ value: Int, for object: ObjectIdentifier) {
        set(value, address: UInt(bitPattern: object))
    }

    /// ``set(_:for:)`` by the object's address.
    mutating func set(_ value: Int, address key: UInt) {
        if let old = insertIfAbsent(value, key: key), old != value {
            let mask = slots.count - 1
            var slot = self.slot(of: key)
            while slots[slot].key != key { slot = (slot + 1) & mask }
            slots[slot].value = value
        }
    }

    private func slot(of key: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(key: 0, value: 0), count: old.count * 2)
        shift -= 1
        count = 0
        for slot in old where slot.key != 0 {
            _ = insertIfAbsent(slot.value, key: slot.key)
        }
    }
}
