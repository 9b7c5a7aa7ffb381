// ObjectGraph's fetch and insert beside the raw SQLite C API and GRDB records, in one run.
//
//   Benchmarks/fetch-comparison.sh [objects] [rounds]     (defaults 100000 and 15)
//
// Fetch: one database made by ObjectGraph (entity Person: name, age, email), which every
// contender reads: the same file, the same table ZPERSON. Each fetches the people older than 50
// sorted by name and reads each name into a [String].
// Insert: each contender inserts the same `objects` people into a fresh file of its own, in one
// transaction (ObjectGraph: one save), in the schema it naturally uses.
// Rounds are interleaved, the order rotated each round, after one warm-up round not counted, so
// that a noisy machine slows every contender alike. The program stops if two contenders' names
// differ, or an insert leaves another number of rows.
import Foundation
import GRDB
import GRDBSQLite
import ObjectGraph

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1])! : 100_000
let rounds = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2])! : 15
let expected = count * 49 / 100
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fetch-comparison-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

/// The existing benchmark's people (Benchmarks/ObjectGraphBenchmark): names are unique, ages 0–99.
func person(_ index: Int) -> (name: String, age: Int, email: String) {
    ("Person \(String(index * 7919 % count, radix: 36))", index % 100, "p\(index)@example.com")
}

func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "? ? ?"
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}
let loadAtStart = loadAverage()

func milliseconds<T>(_ body: () throws -> T) rethrows -> (Double, T) {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = try body()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6, result)
}

// MARK: - ObjectGraph

/// The same entity through a subclass's `@Managed` properties, the way lessons write entities.
final class PersonObject: ManagedObject {
    @Managed var name: String?
    @Managed var age: Int64
    @Managed var email: String?
}

/// A container on `url` whose entity Person (name, age, email) has objects of `managedObjectClass`.
/// The class is not part of the model's version hash: both kinds open the same file.
func container(_ url: URL, managedObjectClass: ManagedObject.Type? = nil) -> PersistentContainer {
    let entity = EntityDescription(name: "Person", managedObjectClass: managedObjectClass, properties: [
        AttributeDescription(name: "name", type: .string), AttributeDescription(name: "age", type: .integer64),
        AttributeDescription(name: "email", type: .string),
    ])
    let container = PersistentContainer(name: url.deletingPathExtension().lastPathComponent,
                                        managedObjectModel: ManagedObjectModel(entities: [entity]))
    container.persistentStoreDescriptions = [PersistentStoreDescription(url: url)]
    container.loadPersistentStores { _, error in if let error { fatalError("\(error)") } }
    return container
}

func graphInsert(_ context: ManagedObjectContext) throws {
    let entity = context.persistentStoreCoordinator!.managedObjectModel.entitiesByName["Person"]!
    for index in 0..<count {
        let value = person(index)
        let object = ManagedObject(entity: entity, insertInto: context)
        object.setValue(value.name, forKey: "name")
        object.setValue(value.age, forKey: "age")
        object.setValue(value.email, forKey: "email")
    }
    try context.save()
}

func typedInsert(_ context: ManagedObjectContext) throws {
    for index in 0..<count {
        let value = person(index)
        let object = PersonObject(context: context)
        object.name = value.name
        object.age = Int64(value.age)
        object.email = value.email
    }
    try context.save()
}

// MARK: - GRDB records

/// Reads ZPERSON through Codable: `CodingKeys` map the properties to ObjectGraph's columns.
struct CodablePerson: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "ZPERSON"
    /// The columns raw SQLite selects, named rather than `*` (the program checks that ZPERSON has them).
    static let databaseSelection: [any SQLSelectable] = [Column("Z_PK"), Column("ZNAME"), Column("ZAGE"), Column("ZEMAIL")]
    var id: Int64
    var name: String
    var age: Int64
    var email: String
    enum CodingKeys: String, CodingKey { case id = "Z_PK", name = "ZNAME", age = "ZAGE", email = "ZEMAIL" }
}

/// Reads ZPERSON with a hand-written `init(row:)`, by column index.
struct RowPerson: FetchableRecord, TableRecord {
    static let databaseTableName = "ZPERSON"
    static let databaseSelection: [any SQLSelectable] = [Column("Z_PK"), Column("ZNAME"), Column("ZAGE"), Column("ZEMAIL")]
    var id: Int64
    var name: String
    var age: Int64
    var email: String
    init(row: Row) {
        id = row[0]
        name = row[1]
        age = row[2]
        email = row[3]
    }
}

/// What GRDB's documentation writes for inserts: a table `person` (id, name, age, email).
struct CodableNewPerson: Codable, PersistableRecord {
    static let databaseTableName = "person"
    var id: Int64
    var name: String
    var age: Int64
    var email: String
}

struct HandNewPerson: PersistableRecord {
    static let databaseTableName = "person"
    var id: Int64
    var name: String
    var age: Int64
    var email: String
    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["name"] = name
        container["age"] = age
        container["email"] = email
    }
}

func grdbQueue(_ url: URL) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.journalMode = .wal   // as ObjectGraph's store and the raw contender
    return try DatabaseQueue(path: url.path, configuration: configuration)
}

// MARK: - Raw SQLite

let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

func check(_ code: Int32, _ database: OpaquePointer?, _ what: String) {
    guard code == SQLITE_OK || code == SQLITE_DONE || code == SQLITE_ROW else {
        fatalError("\(what): \(String(cString: sqlite3_errmsg(database)))")
    }
}

func rawOpen(_ url: URL) -> OpaquePointer? {
    var database: OpaquePointer?
    check(sqlite3_open(url.path, &database), database, "open")
    check(sqlite3_exec(database, "PRAGMA journal_mode = WAL", nil, nil, nil), database, "WAL")
    return database
}

func rawFetch(_ database: OpaquePointer?) -> [String] {
    var statement: OpaquePointer?
    // The columns every contender reads (the sort carries them all), of which only the name is used.
    check(sqlite3_prepare_v2(database, "SELECT Z_PK, ZNAME, ZAGE, ZEMAIL FROM ZPERSON WHERE ZAGE > ? ORDER BY ZNAME",
                             -1, &statement, nil), database, "prepare")
    sqlite3_bind_int64(statement, 1, 50)
    var names: [String] = []
    while sqlite3_step(statement) == SQLITE_ROW { names.append(String(cString: sqlite3_column_text(statement, 1))) }
    sqlite3_finalize(statement)
    return names
}

func rawInsert(_ database: OpaquePointer?) {
    var statement: OpaquePointer?
    check(sqlite3_exec(database, "BEGIN", nil, nil, nil), database, "BEGIN")
    check(sqlite3_prepare_v2(database, "INSERT INTO ZPERSON (Z_PK, ZNAME, ZAGE, ZEMAIL) VALUES (?, ?, ?, ?)", -1, &statement, nil),
          database, "prepare")
    for index in 0..<count {
        let value = person(index)
        sqlite3_bind_int64(statement, 1, Int64(index + 1))
        sqlite3_bind_text(statement, 2, value.name, -1, transient)
        sqlite3_bind_int64(statement, 3, Int64(value.age))
        sqlite3_bind_text(statement, 4, value.email, -1, transient)
        check(sqlite3_step(statement), database, "insert")
        sqlite3_reset(statement)
    }
    sqlite3_finalize(statement)
    check(sqlite3_exec(database, "COMMIT", nil, nil, nil), database, "COMMIT")
}

func rawCount(_ url: URL, table: String) -> Int {
    var database: OpaquePointer?
    check(sqlite3_open(url.path, &database), database, "open")
    defer { sqlite3_close(database) }
    var statement: OpaquePointer?
    check(sqlite3_prepare_v2(database, "SELECT COUNT(*) FROM \(table)", -1, &statement, nil), database, "prepare")
    check(sqlite3_step(statement), database, "count")
    defer { sqlite3_finalize(statement) }
    return Int(sqlite3_column_int64(statement, 0))
}

// MARK: - The shared database, made by ObjectGraph

let sharedURL = folder.appendingPathComponent("people.sqlite")
let graphContainer = container(sharedURL)
let graphContext = graphContainer.viewContext
try graphInsert(graphContext)
graphContext.reset()
let typedContainer = container(sharedURL, managedObjectClass: PersonObject.self)
let typedContext = typedContainer.viewContext

let rawDatabase = rawOpen(sharedURL)
let columns: [String] = {
    var statement: OpaquePointer?
    check(sqlite3_prepare_v2(rawDatabase, "PRAGMA table_info(ZPERSON)", -1, &statement, nil), rawDatabase, "table_info")
    defer { sqlite3_finalize(statement) }
    var names: [String] = []
    while sqlite3_step(statement) == SQLITE_ROW { names.append(String(cString: sqlite3_column_text(statement, 1))) }
    return names
}()
for column in ["Z_PK", "ZNAME", "ZAGE", "ZEMAIL"] where !columns.contains(column) {
    fatalError("ObjectGraph's ZPERSON has no column \(column): \(columns)")
}
let grdbShared = try grdbQueue(sharedURL)

let predicate = GraphPredicate(format: "age > %d", 50)
let fetches: [(name: String, run: () throws -> [String])] = [
    ("raw SQLite C API", { rawFetch(rawDatabase) }),
    ("ObjectGraph, `value(forKey:)`", {
        let request = FetchRequest<ManagedObject>(entityName: "Person")
        request.predicate = predicate
        request.sortDescriptors = [GraphSortDescriptor(key: "name")]
        return try graphContext.fetch(request).map { $0.value(forKey: "name") as! String }
    }),
    ("ObjectGraph, `@Managed`", {
        let request = PersonObject.fetchRequest()
        request.predicate = predicate
        request.sortDescriptors = [GraphSortDescriptor(key: "name")]
        return try typedContext.fetch(request).map { $0.name! }
    }),
    ("GRDB 7.10, Codable record", {
        try grdbShared.read { db in
            try CodablePerson.filter(Column("ZAGE") > 50).order(Column("ZNAME")).fetchAll(db).map(\.name)
        }
    }),
    ("GRDB 7.10, hand-written record", {
        try grdbShared.read { db in
            try RowPerson.filter(Column("ZAGE") > 50).order(Column("ZNAME")).fetchAll(db).map(\.name)
        }
    }),
]

/// Each insert into a fresh file: the set-up (opening, the schema) is not timed, then the rows are
/// counted and the file removed.
struct Insert {
    var name: String
    var table: String
    var prepare: (URL) throws -> () throws -> Void
}
var insertNumber = 0
let inserts: [Insert] = [
    Insert(name: "raw SQLite C API", table: "ZPERSON") { url in
        let database = rawOpen(url)
        check(sqlite3_exec(database, "CREATE TABLE ZPERSON (Z_PK INTEGER PRIMARY KEY, ZNAME TEXT, ZAGE INTEGER, ZEMAIL TEXT)",
                           nil, nil, nil), database, "CREATE")
        return { rawInsert(database); sqlite3_close(database) }
    },
    Insert(name: "ObjectGraph, `setValue(_:forKey:)`, one save", table: "ZPERSON") { url in
        let context = container(url).viewContext
        return { try graphInsert(context); context.reset() }
    },
    Insert(name: "ObjectGraph, `@Managed`, one save", table: "ZPERSON") { url in
        let context = container(url, managedObjectClass: PersonObject.self).viewContext
        return { try typedInsert(context); context.reset() }
    },
    Insert(name: "GRDB 7.10, Codable record", table: "person") { url in
        let queue = try grdbQueue(url)
        try queue.write { db in
            try db.create(table: "person") { t in
                t.primaryKey("id", .integer)
                t.column("name", .text)
                t.column("age", .integer)
                t.column("email", .text)
            }
        }
        return {
            try queue.write { db in
                for index in 0..<count {
                    let value = person(index)
                    try CodableNewPerson(id: Int64(index + 1), name: value.name, age: Int64(value.age), email: value.email).insert(db)
                }
            }
        }
    },
    Insert(name: "GRDB 7.10, hand-written record", table: "person") { url in
        let queue = try grdbQueue(url)
        try queue.write { db in
            try db.create(table: "person") { t in
                t.primaryKey("id", .integer)
                t.column("name", .text)
                t.column("age", .integer)
                t.column("email", .text)
            }
        }
        return {
            try queue.write { db in
                for index in 0..<count {
                    let value = person(index)
                    try HandNewPerson(id: Int64(index + 1), name: value.name, age: Int64(value.age), email: value.email).insert(db)
                }
            }
        }
    },
]

func removeDatabase(_ url: URL) {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
}

// MARK: - Rounds

var fetchTimes = Array(repeating: [Double](), count: fetches.count)
var insertTimes = Array(repeating: [Double](), count: inserts.count)
for round in 0...rounds {   // round 0: the warm-up, not counted
    var reference: [String]?
    for offset in 0..<fetches.count {
        let index = (offset + round) % fetches.count
        graphContext.reset()   // every round materializes its objects
        typedContext.reset()
        let (time, names) = try milliseconds(fetches[index].run)
        guard names.count == expected else { fatalError("\(fetches[index].name) read \(names.count) names, not \(expected)") }
        if let reference {
            guard names == reference else {
                fatalError("\(fetches[index].name) read other names: first \(names.first!), last \(names.last!), "
                    + "not \(reference.first!) and \(reference.last!)")
            }
        } else {
            reference = names
        }
        if round > 0 { fetchTimes[index].append(time) }
    }
    graphContext.reset()
    typedContext.reset()
    for offset in 0..<inserts.count {
        let index = (offset + round) % inserts.count
        insertNumber += 1
        let url = folder.appendingPathComponent("insert-\(insertNumber).sqlite")
        let run = try inserts[index].prepare(url)
        let time = try milliseconds(run).0
        let rows = rawCount(url, table: inserts[index].table)
        guard rows == count else { fatalError("\(inserts[index].name) left \(rows) rows, not \(count)") }
        removeDatabase(url)
        if round > 0 { insertTimes[index].append(time) }
    }
}

// MARK: - The table

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}
func ms(_ value: Double) -> String { String(format: value < 100 ? "%.1f" : "%.0f", value) }

func table(_ title: String, names: [String], times: [[Double]]) {
    print("| \(title) | median ms | min ms | max ms | ÷ raw (median of rounds) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for (index, name) in names.enumerated() {
        let ratios = zip(times[index], times[0]).map { $0 / $1 }
        print("| \(name) | \(ms(median(times[index]))) | \(ms(times[index].min()!)) | \(ms(times[index].max()!)) | "
            + String(format: "%.2f×", median(ratios)) + " |")
    }
}

let swiftVersion = ProcessInfo.processInfo.environment["SWIFT_VERSION_LINE"] ?? "unknown (run through fetch-comparison.sh)"
print("\(count) people, \(rounds) rounds after a warm-up, contenders interleaved and rotated each round;")
print("each fetch read the same \(expected) names (checked). ZPERSON's columns: \(columns.joined(separator: ", ")).")
print("nproc \(ProcessInfo.processInfo.activeProcessorCount); load average \(loadAtStart) at start, \(loadAverage()) at end; \(swiftVersion)")
print("")
table("fetch age > 50 sorted by name, read each name (\(expected) rows)", names: fetches.map(\.name), times: fetchTimes)
print("")
table("insert \(count) people, one transaction, fresh file", names: inserts.map(\.name), times: insertTimes)
sqlite3_close(rawDatabase)
