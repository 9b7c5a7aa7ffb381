import Foundation

/// Marks a stored property of a `ManagedObject` subclass as one of its entity's properties,
/// as `@NSManaged` does in Core Data: reading and writing it goes through the object's
/// `value(forKey:)` and `setValue(_:forKey:)`, so faults fire, changes are tracked and
/// inverses are kept.
///
/// ```swift
/// final class Person: ManagedObject {
///     @Managed var name: String?          // a string attribute
///     @Managed var age: Int16             // a scalar: nil reads as 0
///     @Managed var cars: Set<Car>         // a to-many relationship
///     @Managed var spouse: Person?        // a to-one relationship
/// }
/// ```
///
/// The property's name is the key, found the first time it is used.
@propertyWrapper
public struct Managed<Value> {
    /// Identifies this property among the object's stored properties while
    /// ``ManagedPropertyNames`` looks for its name; nil otherwise, so that objects do not pay an
    /// allocation per property.
    var marker: ManagedPropertyMarker?

    public init() {}

    @available(*, unavailable, message: "@Managed properties exist only on ManagedObject subclasses")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    public static subscript<Object: ManagedObject>(
        _enclosingInstance object: Object,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Object, Managed<Value>>
    ) -> Value {
        get {
            let key = ManagedPropertyNames.key(for: object, storage: storageKeyPath)
            ManagedPropertyNames.registerValueType(Value.self, forKey: key, of: object)
            let raw = object.value(forKey: key)
            return ManagedValueConversion.convert(raw, to: Value.self, key: key, entity: object.entity)
        }
        set {
            let key = ManagedPropertyNames.key(for: object, storage: storageKeyPath)
            object.setValue(newValue, forKey: key)
        }
    }
}

final class ManagedPropertyMarker {}

/// Finds and remembers the names of `@Managed` properties: the compiler hands the wrapper only
/// key paths, and a key path has no name on Linux, so the name is read once per class from a
/// `Mirror` (whose child labels are the backing storage names, `_name`).
enum ManagedPropertyNames {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var names: [AnyKeyPath: String] = [:]
    /// The same names by the key path object's identity, which costs far less to hash than a
    /// key path's value. The runtime makes one object per key path written in the source, and
    /// the entry keeps it alive so that its address is never reused; the size cap guards
    /// against a runtime that makes a new object for every access.
    nonisolated(unsafe) private static var namesByIdentity: [ObjectIdentifier: (keyPath: AnyKeyPath, name: String)] = [:]
    nonisolated(unsafe) private static var registered = Set<String>()

    static func key<Object: ManagedObject, Value>(
        for object: Object, storage: ReferenceWritableKeyPath<Object, Managed<Value>>
    ) -> String {
        let identity = ObjectIdentifier(storage)
        let known = lock.withLock { () -> String? in
            if let entry = namesByIdentity[identity], entry.keyPath === storage { return entry.name }
            guard let name = names[storage] else { return nil }
            if namesByIdentity.count < 4096 { namesByIdentity[identity] = (storage, name) }
            return name
        }
        if let known { return known }
        let marker = ManagedPropertyMarker()
        object[keyPath: storage].marker = marker
        defer { object[keyPath: storage].marker = nil }
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label, label.hasPrefix("_"),
                    let wrapper = child.value as? Managed<Value>, wrapper.marker === marker
                else { continue }
                let name = String(label.dropFirst())
                lock.withLock { names[storage] = name }
                return name
            }
            mirror = current.superclassMirror
        }
        fatalError("ObjectGraph: could not find the name of a @Managed property of \(Object.self).")
    }

    /// Tells the model which class a relationship's objects have, from the property's declared
    /// type (`Set<Car>`, `Person?`), so that objects reached through it are made with that class.
    static func registerValueType<Value>(_ type: Value.Type, forKey key: String, of object: ManagedObject) {
        // Looked up among the entity's few properties by name (cheaper than hashing the key into
        // `relationshipsByName`): every read of an attribute comes through here.
        guard let relationship = object.entity.property(named: key) as? RelationshipDescription,
            let destination = relationship.destinationEntity, destination.managedObjectClass == nil,
            let objectType = (Value.self as? ManagedObjectTyped.Type)?.managedObjectType
        else { return }
        destination.managedObjectClass = objectType
    }
}

/// Types that name a managed-object class: `Person?`, `Set<Person>`, `Person`.
protocol ManagedObjectTyped {
    static var managedObjectType: ManagedObject.Type? { get }
}

extension Optional: ManagedObjectTyped {
    static var managedObjectType: ManagedObject.Type? {
        (Wrapped.self as? ManagedObject.Type) ?? (Wrapped.self as? ManagedObjectTyped.Type)?.managedObjectType
    }
}

extension Set: ManagedObjectTyped {
    static var managedObjectType: ManagedObject.Type? { Element.self as? ManagedObject.Type }
}

/// Turns what `value(forKey:)` returns into the property's declared type.
enum ManagedValueConversion {

    static func convert<Value>(_ raw: Any?, to type: Value.Type, key: String, entity: EntityDescription) -> Value {
        // The commonest declarations first, compared by type rather than cast: a cast to a
        // generic `Value` costs the runtime far more than one to a named type.
        if Value.self == String?.self, let string = raw as? String? { return unsafeBitCast(string, to: Value.self) }
        if Value.self == Int64.self, let integer = raw as? Int64 { return unsafeBitCast(integer, to: Value.self) }
        if let value = raw as? Value { return value }
        if let raw, let scalarType = Value.self as? ManagedScalar.Type, let scalar = scalarType.make(raw) {
            return scalar as! Value
        }
        if raw == nil {
            if let none = Optional<Any>.none as? Value { return none }
            if let scalar = Value.self as? ManagedScalar.Type { return scalar.zero as! Value }
        }
        if let set = raw as? Set<ManagedObject>, let value = convertSet(set, to: Value.self) { return value }
        fatalError("ObjectGraph: \(entity.name).\(key) holds \(raw.map { "\(Swift.type(of: $0))" } ?? "nil"), which a @Managed property of type \(Value.self) cannot hold.")
    }

    private static func convertSet<Value>(_ set: Set<ManagedObject>, to type: Value.Type) -> Value? {
        (set as Any) as? Value
    }
}

/// Scalar types a `@Managed` property can declare for numbers and booleans (nil reads as zero),
/// converting from the attribute's own integer width.
protocol ManagedScalar {
    static var zero: Self { get }
    init?(managedValue: Any)
}

extension ManagedScalar {
    static func make(_ raw: Any) -> Any? { Self(managedValue: raw) }
}

extension Int: ManagedScalar {
    static var zero: Int { 0 }
    init?(managedValue: Any) { guard let value = AttributeValues.int64(managedValue).flatMap({ Int(exactly: $0) }) else { return nil }; self = value }
}
extension Int16: ManagedScalar {
    static var zero: Int16 { 0 }
    init?(managedValue: Any) { guard let value = AttributeValues.int64(managedValue).flatMap({ Int16(exactly: $0) }) else { return nil }; self = value }
}
extension Int32: ManagedScalar {
    static var zero: Int32 { 0 }
    init?(managedValue: Any) { guard let value = AttributeValues.int64(managedValue).flatMap({ Int32(exactly: $0) }) else { return nil }; self = value }
}
extension Int64: ManagedScalar {
    static var zero: Int64 { 0 }
    init?(managedValue: Any) { guard let value = AttributeValues.int64(managedValue) else { return nil }; self = value }
}
extension Double: ManagedScalar {
    static var zero: Double { 0 }
    init?(managedValue: Any) { guard let value = AttributeValues.double(managedValue) else { return nil }; self = value }
}
extension Bool: ManagedScalar {
    static var zero: Bool { false }
    init?(managedValue: Any) { guard let value = managedValue as? Bool else { return nil }; self = value }
}
