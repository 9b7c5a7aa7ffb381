import Foundation

/// The `Codable` types transformable attributes hold, by name, so that a value read from a
/// store can be decoded into its type (Core Data finds the class by name the same way).
public enum TransformableTypes {
    struct Coder {
        let encode: (Any) throws -> Data
        let decode: (Data) throws -> Any
        let holds: (Any) -> Bool
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var coders: [String: Coder] = [:]

    /// Makes `type` known under its unqualified name (or `name`), which model files use in
    /// `transformable(Name)`. Returns the name.
    @discardableResult
    public static func register<T: Codable>(_ type: T.Type, name: String? = nil) -> String {
        let name = name ?? String(describing: type)
        let coder = Coder(
            encode: { value in
                guard let value = value as? T else {
                    throw ObjectGraphError.unacceptableValue("a transformable \(name) cannot hold \(Swift.type(of: value))")
                }
                return try JSONEncoder().encode(value)
            },
            decode: { data in try JSONDecoder().decode(T.self, from: data) },
            holds: { $0 is T }
        )
        lock.withLock { coders[name] = coder }
        return name
    }

    static func coder(named name: String) -> Coder? {
        lock.withLock { coders[name] }
    }
}
