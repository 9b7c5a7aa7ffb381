// Times ObjectGraph against the raw SQLite C API doing the same work, and prints the ratios.
//
//   swift run -c release objectgraph-benchmark [objects] [runs]
//
// Each run uses fresh database files in a temporary folder: insert `objects` people in one
// save (raw: one transaction of prepared inserts), fetch those older than 50 sorted by name and
// read each name, and count them.
import Foundation
import ObjectGraph
import SQLite3

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1])! : 100_000
let runs = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2])! : 3
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("objectgraph-benchmark-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

func person(_ index: Int) -> (name: String, age: Int, email: String) {
    ("Person \(String(index * 7919 % count, radix: 36))", index % 100, "p\(index)@example.com")
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

struct Times { var insert = 0.0, fetch = 0.0, count = 0.0, save = 0.0, typedInsert = 0.0 }

/// The same person as a subclass, the way lessons write entities.
final class BenchmarkPerson: ManagedObject {
    @Managed var name: String?
    @Managed var age: Int64
    @Managed var email: String?
}

func raw(_ run: Int) throws -> Times {
    var database: OpaquePointer?
    sqlite3_open(folder.appendingPathComponent("raw-\(run).sqlite").path, &database)
    defer { sqlite3_close(database) }
    sqlite3_exec(database, "PRAGMA journal_mode = WAL", nil, nil, nil)
    sqlite3_exec(database, "CREATE TABLE ZPERSON (Z_PK INTEGER PRIMARY KEY, ZNAME TEXT, ZAGE INTEGER, ZEMAIL TEXT)", nil, nil, nil)
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    var times = Times()
    times.insert = seconds {
        var statement: OpaquePointer?
        sqlite3_exec(database, "BEGIN", nil, nil, nil)
        sqlite3_prepare_v2(database, "INSERT INTO ZPERSON (Z_PK, ZNAME, ZAGE, ZEMAIL) VALUES (?, ?, ?, ?)", -1, &statement, nil)
        for index in 0..<count {
            let value = person(index)
            sqlite3_bind_int64(statement, 1, Int64(index + 1))
            sqlite3_bind_text(statement, 2, value.name, -1, transient)
            sqlite3_bind_int64(statement, 3, Int64(value.age))
            sqlite3_bind_text(statement, 4, value.email, -1, transient)
            guard sqlite3_step(statement) == SQLITE_DONE else { fatalError(String(cString: sqlite3_errmsg(database))) }
            sqlite3_reset(statement)
        }
        sqlite3_finalize(statement)
        sqlite3_exec(database, "COMMIT", nil, nil, nil)
    }
    times.fetch = seconds {
        var statement: OpaquePointer?
        sqlite3_prepare_v2(database, "SELECT Z_PK, ZNAME, ZAGE, ZEMAIL FROM ZPERSON WHERE ZAGE > ? ORDER BY ZNAME", -1, &statement, nil)
        sqlite3_bind_int64(statement, 1, 50)
        var names: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW { names.append(String(cString: sqlite3_column_text(statement, 1))) }
        sqlite3_finalize(statement)
        precondition(names.count == count * 49 / 100)
    }
    times.count = seconds {
        var statement: OpaquePointer?
        sqlite3_prepare_v2(database, "SELECT COUNT(*) FROM ZPERSON WHERE ZAGE > ?", -1, &statement, nil)
        sqlite3_bind_int64(statement, 1, 50)
        sqlite3_step(statement)
        precondition(Int(sqlite3_column_int64(statement, 0)) == count * 49 / 100)
        sqlite3_finalize(statement)
    }
    return times
}

/// A person entity (name, age, email) whose objects are `managedObjectClass`, in a container on
/// a fresh file named `name`.
func personStore(_ name: String, entityName: String, managedObjectClass: ManagedObject.Type? = nil) -> (EntityDescription, PersistentContainer) {
    let entity = EntityDescription(name: entityName, managedObjectClass: managedObjectClass, properties: [
        AttributeDescription(name: "name", type: .string), AttributeDescription(name: "age", type: .integer64),
        AttributeDescription(name: "email", type: .string),
    ])
    let container = PersistentContainer(name: name, managedObjectModel: ManagedObjectModel(entities: [entity]))
    container.persistentStoreDescriptions = [PersistentStoreDescription(url: folder.appendingPathComponent("\(name).sqlite"))]
    container.loadPersistentStores { _, error in if let error { fatalError("\(error)") } }
    return (entity, container)
}

func objectGraph(_ run: Int) throws -> Times {
    let (entity, container) = personStore("og-\(run)", entityName: "Person")
    let context = container.viewContext
    var times = Times()
    times.insert = try seconds {
        for index in 0..<count {
            let value = person(index)
            let object = ManagedObject(entity: entity, insertInto: context)
            object.setValue(value.name, forKey: "name")
            object.setValue(value.age, forKey: "age")
            object.setValue(value.email, forKey: "email")
        }
        times.save = try seconds { try context.save() }
    }
    context.reset()
    // The same insert through `@Managed` properties, into a store of its own.
    let (_, typedContainer) = personStore("typed-\(run)", entityName: "BenchmarkPerson", managedObjectClass: BenchmarkPerson.self)
    let typedContext = typedContainer.viewContext
    times.typedInsert = try seconds {
        for index in 0..<count {
            let value = person(index)
            let object = BenchmarkPerson(context: typedContext)
            object.name = value.name
            object.age = Int64(value.age)
            object.email = value.email
        }
        try typedContext.save()
    }
    typedContext.reset()
    let request = FetchRequest<ManagedObject>(entityName: "Person")
    request.predicate = GraphPredicate(format: "age > %d", 50)
    times.fetch = try seconds {
        request.sortDescriptors = [GraphSortDescriptor(key: "name")]
        let people = try context.fetch(request)
        let names = people.map { $0.value(forKey: "name") as! String }
        precondition(names.count == count * 49 / 100)
    }
    context.reset()
    times.count = try seconds {
        let matching = try context.count(for: request)
        precondition(matching == count * 49 / 100)
    }
    return times
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func ms(_ value: Double) -> String { String(format: "%.1f ms", value * 1000) }

var rawTimes: [Times] = []
var graphTimes: [Times] = []
for run in 0..<runs {
    rawTimes.append(try raw(run))
    graphTimes.append(try objectGraph(run))
}
print("\(count) objects, \(runs) runs, medians")
print("operation            raw SQLite   ObjectGraph   ratio")
let rows = [
    ("insert, one save", \Times.insert, \Times.insert), ("  through @Managed", \Times.insert, \Times.typedInsert),
    ("fetch where + sort", \Times.fetch, \Times.fetch), ("count where", \Times.count, \Times.count),
]
for (label, rawPath, path) in rows {
    let rawValue = median(rawTimes.map { $0[keyPath: rawPath] })
    let graphValue = median(graphTimes.map { $0[keyPath: path] })
    print(label.padding(toLength: 20, withPad: " ", startingAt: 0)
        + ms(rawValue).leftPadded(11) + ms(graphValue).leftPadded(14) + String(format: "%7.2f×", graphValue / rawValue))
}

print("(ObjectGraph's insert: \(ms(median(graphTimes.map(\.insert)) - median(graphTimes.map(\.save)))) making objects, \(ms(median(graphTimes.map(\.save)))) saving)")

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
