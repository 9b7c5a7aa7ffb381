/// The objects inserted into a context and not saved yet, in the order they were inserted.
///
/// A `Set` would hash every object of a bulk insert, twice with the change notification's;
/// here an object remembers its slot, so that adding, removing and testing membership cost no
/// hashing, and saves write rows in key order (keys are allocated at insert), which SQLite
/// appends to a table far faster than rows in a set's order.
struct InsertedObjects: Sequence {
    /// Removed objects leave a nil until the next compaction.
    private var slots: [ManagedObject?] = []
    private(set) var count = 0
    /// How many slots had been announced in a change notification (``markProcessed(_:)``).
    private var processedSlots = 0
    /// Every inserted object, when one notification announced them all and none came or went
    /// since.
    private var wholeSet: Set<ManagedObject>?

    var isEmpty: Bool { count == 0 }

    func contains(_ object: ManagedObject) -> Bool {
        object.insertedSlot >= 0 && object.insertedSlot < slots.count && slots[object.insertedSlot] === object
    }

    mutating func insert(_ object: ManagedObject) {
        guard !contains(object) else { return }
        object.insertedSlot = slots.count
        slots.append(object)
        count += 1
        wholeSet = nil
    }

    @discardableResult
    mutating func remove(_ object: ManagedObject) -> ManagedObject? {
        guard contains(object) else { return nil }
        slots[object.insertedSlot] = nil
        object.insertedSlot = -1
        count -= 1
        wholeSet = nil
        if count < slots.count / 2, slots.count > 64 { compact() }
        return object
    }

    /// Forgets every object.
    mutating func removeAll() {
        for case let object? in slots { object.insertedSlot = -1 }
        slots = []
        count = 0
        processedSlots = 0
        wholeSet = nil
    }

    /// The objects inserted since the last ``markProcessed(_:)``, for a change notification.
    var unprocessed: Set<ManagedObject> {
        var set = Set<ManagedObject>(minimumCapacity: slots.count - processedSlots)
        for case let object? in slots[processedSlots...] { set.insert(object) }
        return set
    }

    /// Whether `object` is inserted and its insert was announced in a change notification.
    func wasAnnounced(_ object: ManagedObject) -> Bool {
        contains(object) && object.insertedSlot < processedSlots
    }

    /// Whether objects were inserted since the last ``markProcessed(_:)``.
    var hasUnprocessed: Bool { processedSlots < slots.count }

    /// Records that the objects inserted so far were announced as `announced`.
    mutating func markProcessed(_ announced: Set<ManagedObject>) {
        // Everything inserted was announced at once: the same set serves the save's notification.
        wholeSet = processedSlots == 0 && announced.count == count ? announced : nil
        processedSlots = slots.count
    }

    var set: Set<ManagedObject> {
        if let wholeSet, wholeSet.count == count { return wholeSet }
        var set = Set<ManagedObject>(minimumCapacity: count)
        for object in self { set.insert(object) }
        return set
    }

    func makeIterator() -> some IteratorProtocol<ManagedObject> {
        slots.lazy.compactMap { $0 }.makeIterator()
    }

    private mutating func compact() {
        let processed = slots[..<processedSlots].lazy.filter { $0 != nil }.count
        slots = slots.filter { $0 != nil }
        for (slot, object) in slots.enumerated() { object!.insertedSlot = slot }
        processedSlots = processed
    }
}
