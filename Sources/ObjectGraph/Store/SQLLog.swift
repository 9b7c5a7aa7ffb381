import Foundation

/// Prints every statement a SQLite store runs: the counterpart of Core Data's
/// `-com.apple.CoreData.SQLDebug 1` launch argument.
///
/// Turn it on for one store with ``PersistentStoreDescription/sqlDebugLevel``, or for every store
/// with the environment variable `OBJECTGRAPH_SQL_DEBUG=1` (3 also prints bound values). Lines
/// go to standard error unless ``handler`` is set:
///
/// ```
/// ObjectGraph: sql: SELECT t0.Z_PK, t0.ZNAME FROM ZPERSON t0 WHERE t0.ZAGE > ?
/// ObjectGraph: annotation: total fetch execution time: 0.0001s for 3 rows.
/// ```
public struct SQLLog {
    /// 0: silent; 1: statements and fetch times; 3: also the values bound to each statement.
    public var level: Int
    /// Receives each line; standard error when nil.
    public var handler: ((String) -> Void)?

    public init(level: Int = SQLLog.environmentLevel, handler: ((String) -> Void)? = nil) {
        self.level = level
        self.handler = handler
    }

    /// The level `OBJECTGRAPH_SQL_DEBUG` asks for, 0 when it is unset.
    public static var environmentLevel: Int {
        ProcessInfo.processInfo.environment["OBJECTGRAPH_SQL_DEBUG"].flatMap { Int($0) } ?? 0
    }

    var isEnabled: Bool { level > 0 }

    func write(_ line: String) {
        let text = "ObjectGraph: " + line
        if let handler {
            handler(text)
        } else {
            FileHandle.standardError.write(Data((text + "\n").utf8))
        }
    }

    func statement(_ sql: String, _ bindings: [SQLValue]) {
        guard isEnabled else { return }
        write("sql: " + sql)
        if level >= 3 {
            for (index, value) in bindings.enumerated() { write("details: SQLite bind[\(index)] = \(value)") }
        }
    }

    func fetch(rows: Int, seconds: Double) {
        guard isEnabled else { return }
        write("annotation: total fetch execution time: \(String(format: "%.4f", seconds))s for \(rows) rows.")
    }
}
