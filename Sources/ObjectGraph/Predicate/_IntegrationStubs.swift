// Temporary stand-ins until the predicate work lands.
public final class GraphPredicate {
    public init(value: Bool) {}
    func evaluate(with object: Any?) -> Bool { true }
}
public struct GraphSortDescriptor {
    public var key: String
    public var ascending: Bool
    public init(key: String, ascending: Bool = true) { self.key = key; self.ascending = ascending }
    static func sort<T: KeyValueReading>(_ items: [T], by descriptors: [GraphSortDescriptor]) -> [T] { items }
}
