import SQLite3

/// SQL functions ObjectGraph adds to each connection, so that predicates translated to SQL
/// compare strings exactly as they do in memory.
enum SQLiteFunctions {
    static func register(on handle: OpaquePointer) {}
}
