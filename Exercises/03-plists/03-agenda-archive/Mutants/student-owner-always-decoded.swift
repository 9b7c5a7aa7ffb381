// Mutant: the owner is decoded without checking that the key exists, which makes version 1 archives fail to load on Linux
// Hint: Archive an agenda the way version 1 did (phones only) and try to read it back on Linux.
import Foundation

enum AgendaError: Error, Equatable {
    case emptyName
    case notFound(String)
}

final class Agenda: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var owner: String?
    var phones: [String: String]

    init(owner: String? = nil, phones: [String: String] = [:]) {
        self.owner = owner
        self.phones = phones
    }

    func encode(with coder: NSCoder) {
        coder.encode(phones, forKey: "phones")
        coder.encode(owner, forKey: "owner")
    }

    init?(coder: NSCoder) {
        guard let phones = coder.decodeObject(of: [NSDictionary.self, NSString.self], forKey: "phones")
                as? [String: String] else {
            return nil
        }
        self.phones = phones
        owner = coder.decodeObject(of: NSString.self, forKey: "owner") as String?
    }
}

final class AgendaStore {
    static let defaultsKey = "phonebook"

    static var fileURL: URL {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        return documents.appendingPathComponent("agenda.archive")
    }

    private(set) var agenda: Agenda

    init() {
        if let fromFile = AgendaStore.loadFromFile() {
            agenda = fromFile
        } else if let fromDefaults = AgendaStore.loadFromDefaults() {
            agenda = fromDefaults
        } else {
            agenda = Agenda()
        }
    }

    func add(name: String, phone: String) throws {
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw AgendaError.emptyName
        }
        agenda.phones[name] = phone
        try save()
    }

    func remove(name: String) throws {
        guard agenda.phones[name] != nil else {
            throw AgendaError.notFound(name)
        }
        agenda.phones[name] = nil
        try save()
    }

    func setOwner(_ owner: String?) throws {
        agenda.owner = owner
        try save()
    }

    static func loadFromDefaults() -> Agenda? {
        guard let data = UserDefaults.standard.data(forKey: defaultsKey) else { return nil }
        return try? NSKeyedUnarchiver.unarchivedObject(ofClass: Agenda.self, from: data)
    }

    static func loadFromFile() -> Agenda? {
        guard let data = try? Data(contentsOf: fileURL) else { return nil }
        return try? NSKeyedUnarchiver.unarchivedObject(ofClass: Agenda.self, from: data)
    }

    private func save() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: agenda, requiringSecureCoding: true)
        UserDefaults.standard.set(data, forKey: Self.defaultsKey)
        try data.write(to: Self.fileURL, options: .atomic)
    }
}
