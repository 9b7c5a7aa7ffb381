import Foundation
@testable import ExerciseKit
#if canImport(SQLite3)
import SQLite3
#endif

/// The app's home folder, emptied before each case: what the grader's fresh container is, in
/// the one process a test has. The runner gives every `swift test` a home of its own (a tmpfs
/// in bubblewrap, as a Docker container would), so this never touches the machine's.
struct AppContainer {
    let home: URL

    static let layout = ["Documents", "Library/Caches", "Library/Preferences", "Library/Application Support", "tmp"]

    /// Empties the home's app folders and the user defaults the last case left. Registered
    /// defaults stay: Foundation on Linux has no way to unregister them in a process.
    static func fresh(suites: [String]) -> AppContainer {
        let home = URL(fileURLWithPath: NSHomeDirectory())
        let defaults = UserDefaults.standard
        for key in defaults.dictionaryRepresentation().keys { defaults.removeObject(forKey: key) }
        for suite in suites {
            UserDefaults.standard.removePersistentDomain(forName: suite)
        }
        let fm = FileManager.default
        for folder in ["Documents", "Library", "tmp"] {
            try? fm.removeItem(at: home.appendingPathComponent(folder))
        }
        for folder in layout {
            try? fm.createDirectory(at: home.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        setenv("TMPDIR", home.appendingPathComponent("tmp").path + "/", 1)
        return AppContainer(home: home)
    }

    /// What is at the check's path, as a value ``CheckSpec/judge(_:)`` reads: `found`
    /// (`nothing`, `file`, `directory`, `other`), and for a file its size and content.
    func observe(_ check: CheckSpec) -> JSONValue {
        let url = home.appendingPathComponent(check.path)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              let type = attributes[.type] as? FileAttributeType else { return ["found": "nothing"] }
        if type == .typeDirectory {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).map { name -> String in
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory)
                return isDirectory.boolValue ? name + "/" : name
            }.sorted()
            return ["found": "directory", "names": .array(names.map(JSONValue.string))]
        }
        guard type == .typeRegular, let data = try? Data(contentsOf: url) else { return ["found": "other"] }
        var members: [String: JSONValue] = ["found": "file", "size": .int(data.count)]
        switch check.kind {
        case "file": members["text"] = .string(String(decoding: data, as: UTF8.self))
        case "json":
            if let value = try? JSONValue(parsing: data) { members["value"] = value } else { members["problem"] = "not JSON" }
        case "plist", "xml-plist", "binary-plist":
            let binary = data.starts(with: Array("bplist00".utf8))
            if check.kind == "xml-plist" && binary { members["problem"] = "a binary property list, XML expected" }
            else if check.kind == "binary-plist" && !binary { members["problem"] = "not a binary property list" }
            else if let object = try? PropertyListSerialization.propertyList(from: data, format: nil),
                    let value = JSONValue(propertyList: object) { members["value"] = value }
            else { members["problem"] = "not a property list" }
        case "sqlite":
            members.merge(Self.database(url, query: check.query)) { $1 }
        default: break
        }
        return .object(members)
    }

    /// A copy of the database with its journal files, opened and read: integrity, version, rows.
    static func database(_ url: URL, query: String?) -> [String: JSONValue] {
        #if canImport(SQLite3)
        let fm = FileManager.default
        let copy = fm.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)")
        try? fm.createDirectory(at: copy, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: copy) }
        for suffix in ["", "-wal", "-journal"] {
            try? fm.copyItem(atPath: url.path + suffix, toPath: copy.appendingPathComponent("db\(suffix)").path)
        }
        var db: OpaquePointer?
        guard sqlite3_open(copy.appendingPathComponent("db").path, &db) == SQLITE_OK else {
            sqlite3_close(db)
            return ["problem": "not a SQLite database"]
        }
        defer { sqlite3_close(db) }
        func rows(_ sql: String) -> [JSONValue]? {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { return nil }
            defer { sqlite3_finalize(statement) }
            var rows: [JSONValue] = []
            while sqlite3_step(statement) == SQLITE_ROW {
                rows.append(.array((0..<sqlite3_column_count(statement)).map { column in
                    switch sqlite3_column_type(statement, column) {
                    case SQLITE_INTEGER: return .int(Int(sqlite3_column_int64(statement, column)))
                    case SQLITE_FLOAT: return .double(sqlite3_column_double(statement, column))
                    case SQLITE_TEXT: return .string(String(cString: sqlite3_column_text(statement, column)))
                    case SQLITE_BLOB:
                        let count = Int(sqlite3_column_bytes(statement, column))
                        let bytes = sqlite3_column_blob(statement, column)
                        return .string(bytes.map { Data(bytes: $0, count: count).base64EncodedString() } ?? "")
                    default: return .null
                    }
                }))
            }
            return rows
        }
        guard rows("PRAGMA integrity_check") == [.array([.string("ok")])] else { return ["problem": "integrity_check is not ok"] }
        var result: [String: JSONValue] = ["user_version": rows("PRAGMA user_version")?.first?.jsonArray?.first ?? .null]
        if let query {
            guard let found = rows(query) else { return ["problem": .string("the query failed: \(String(cString: sqlite3_errmsg(db)))")] }
            result["rows"] = .array(found)
        }
        return result
        #else
        return ["problem": "this package cannot read SQLite databases"]
        #endif
    }
}

extension JSONValue: @retroactive ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: @retroactive ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(uniqueKeysWithValues: elements))
    }
}

extension JSONValue {
    var jsonArray: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }
}
