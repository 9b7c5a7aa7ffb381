/// Anything predicates and sort descriptors can read values from by key: managed objects, and
/// dictionaries (handy in tests and for filtering plain values).
///
/// A to-one relationship reads as the related object (or nil), a to-many relationship as a
/// collection of objects.
public protocol KeyValueReading {
    func value(forKey key: String) -> Any?
}

extension Dictionary: KeyValueReading where Key == String {
    public func value(forKey key: String) -> Any? {
        guard let value = self[key] else { return nil }
        return value
    }
}
