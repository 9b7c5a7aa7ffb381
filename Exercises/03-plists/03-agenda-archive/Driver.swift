import ExerciseKit
import Foundation

@main
enum AgendaArchiveDriver: ExerciseDriver {
    struct AddArgs: Decodable { var name: String; var phone: String }
    struct NameArgs: Decodable { var name: String }
    struct OwnerArgs: Decodable { var owner: String? }

    /// An archive left by version 1 of the app, which had no owner.
    struct PlantArgs: Decodable {
        var phones: [String: String]
        /// "file", "defaults" or "both".
        var into: String
    }

    /// An agenda as the cases see it.
    struct Shown: Encodable {
        var owner: String?
        var phones: [String: String]

        init(_ agenda: Agenda) {
            owner = agenda.owner
            phones = agenda.phones
        }

        enum CodingKeys: String, CodingKey { case owner, phones }

        func encode(to encoder: Encoder) throws {
            // Write `owner: null` rather than leaving the key out.
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(owner, forKey: .owner)
            try container.encode(phones, forKey: .phones)
        }
    }

    static func register(_ app: inout Operations) {
        // One store per launch, created as the app starts.
        let store = AgendaStore()

        app.on("add") { (args: AddArgs) in try store.add(name: args.name, phone: args.phone) }
        app.on("remove") { (args: NameArgs) in try store.remove(name: args.name) }
        app.on("setOwner") { (args: OwnerArgs) in try store.setOwner(args.owner) }
        app.on("agenda") { Shown(store.agenda) }
        app.on("fromDefaults") { AgendaStore.loadFromDefaults().map(Shown.init) }
        app.on("fromFile") { AgendaStore.loadFromFile().map(Shown.init) }

        // Read the stored archives without the learner's code: what another build of the app
        // (or the grader) would find under the agreed keys.
        app.on("archiveInFile") { () -> ArchiveContents? in
            guard let data = try? Data(contentsOf: documentsFile) else { return nil }
            return ArchiveContents.read(data)
        }
        app.on("archiveInDefaults") { () -> ArchiveContents? in
            guard let data = UserDefaults.standard.data(forKey: "phonebook") else { return nil }
            return ArchiveContents.read(data)
        }

        app.on("plantVersion1") { (args: PlantArgs) in
            let data = try LegacyAgenda.archive(phones: args.phones)
            if args.into == "file" || args.into == "both" { try data.write(to: documentsFile) }
            if args.into == "defaults" || args.into == "both" { UserDefaults.standard.set(data, forKey: "phonebook") }
        }
        app.on("damageFile") { try Data("not an archive".utf8).write(to: documentsFile) }
    }

    static var documentsFile: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("agenda.archive")
    }
}

/// What the driver finds in a keyed archive whose root is an `App.Agenda`.
struct ArchiveContents: Encodable {
    /// The keys the root object was encoded with, of those the statement names.
    var keys: [String]
    var owner: String?
    var phones: [String: String]?

    enum CodingKeys: String, CodingKey { case keys, owner, phones }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(keys, forKey: .keys)
        try container.encode(owner, forKey: .owner)
        try container.encode(phones, forKey: .phones)
    }

    /// Nil when the data is no keyed archive of an `App.Agenda`.
    static func read(_ data: Data) -> ArchiveContents? {
        // Look before decoding: on Linux, decoding a class that was not allowed crashes.
        guard let tree = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
              tree["$archiver"] as? String == "NSKeyedArchiver",
              let objects = tree["$objects"] as? [Any],
              objects.contains(where: { ($0 as? [String: Any])?["$classname"] as? String == "App.Agenda" }) else {
            return nil
        }
        guard let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: data) else { return nil }
        defer { unarchiver.finishDecoding() }
        // This unarchiver alone builds an AgendaReader wherever the archive says App.Agenda.
        unarchiver.setClass(AgendaReader.self, forClassName: "App.Agenda")
        guard let reader = unarchiver.decodeObject(of: AgendaReader.self, forKey: NSKeyedArchiveRootObjectKey) else {
            return nil
        }
        return ArchiveContents(keys: reader.keys, owner: reader.owner, phones: reader.phones)
    }
}

/// Reads an archived agenda under the keys the statement names.
final class AgendaReader: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var keys: [String] = []
    var owner: String?
    var phones: [String: String]?

    init?(coder: NSCoder) {
        keys = ["owner", "phones"].filter { coder.containsValue(forKey: $0) }
        if keys.contains("owner") {
            owner = coder.decodeObject(of: NSString.self, forKey: "owner") as String?
        }
        if keys.contains("phones") {
            phones = coder.decodeObject(of: [NSDictionary.self, NSString.self], forKey: "phones") as? [String: String]
        }
    }

    func encode(with coder: NSCoder) {}
}

/// Version 1 of the agenda: phones only. Its archive must say `App.Agenda`, as the old app's
/// did; the name `Legacy` has the same length as `Agenda`, so the class name can be swapped
/// in the archive's bytes without moving anything in the binary property list.
final class Legacy: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    let phones: [String: String]

    init(phones: [String: String]) {
        self.phones = phones
    }

    func encode(with coder: NSCoder) {
        coder.encode(phones, forKey: "phones")
    }

    init?(coder: NSCoder) { nil }
}

enum LegacyAgenda {
    static func archive(phones: [String: String]) throws -> Data {
        let data = try NSKeyedArchiver.archivedData(withRootObject: Legacy(phones: phones), requiringSecureCoding: true)
        let old = Array("App.Legacy".utf8), new = Array("App.Agenda".utf8)
        var bytes = Array(data)
        var index = 0
        while index + old.count <= bytes.count {
            if Array(bytes[index..<index + old.count]) == old {
                bytes.replaceSubrange(index..<index + old.count, with: new)
            }
            index += 1
        }
        return Data(bytes)
    }
}
