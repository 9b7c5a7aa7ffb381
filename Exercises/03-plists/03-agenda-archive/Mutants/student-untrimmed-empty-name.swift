// Mutant: refuses a name only when it is the empty string, so a name of only spaces is added as an entry
// Hint: A name made only of spaces is as empty as no name at all, and is refused the same way. Check names with their spaces trimmed, not only the empty string.
import Foundation

enum AgendaError: Error, Equatable {
    case emptyName
    case notFound(String)
}

final class Agenda: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { return true }

    var owner: String?
    var phones: [String: String]

    init(owner: String? = nil, phones: [String: String] = [:]) {
        self.owner = owner
        self.phones = phones
        super.init()
    }

    func encode(with coder: NSCoder) {
        coder.encode(phones as NSDictionary, forKey: "phones")
        if let owner = owner {
            coder.encode(owner as NSString, forKey: "owner")
        }
    }

    init?(coder: NSCoder) {
        let decoded = coder.decodeObject(of: [NSDictionary.self, NSString.self], forKey: "phones")
        guard let dict = decoded as? [String: String] else { return nil }
        phones = dict
        owner = nil
        if coder.containsValue(forKey: "owner") {
            owner = coder.decodeObject(of: NSString.self, forKey: "owner") as String?
        }
        super.init()
    }
}

final class AgendaStore {
    static let defaultsKey = "phonebook"
    static var fileURL: URL {
        let docs = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first!
        return docs.appendingPathComponent("agenda.archive")
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
        if name.isEmpty {
            throw AgendaError.emptyName
        }
        agenda.phones[name] = phone
        try persist()
    }

    func remove(name: String) throws {
        if agenda.phones[name] == nil {
            throw AgendaError.notFound(name)
        }
        agenda.phones[name] = nil
        try persist()
    }

    func setOwner(_ owner: String?) throws {
        agenda.owner = owner
        try persist()
    }

    private func persist() throws {
        let archive = try NSKeyedArchiver.archivedData(withRootObject: agenda, requiringSecureCoding: true)
        try archive.write(to: AgendaStore.fileURL, options: .atomic)
        UserDefaults.standard.set(archive, forKey: AgendaStore.defaultsKey)
    }

    static func loadFromDefaults() -> Agenda? {
        guard let data = UserDefaults.standard.data(forKey: defaultsKey) else { return nil }
        return unarchive(data)
    }

    static func loadFromFile() -> Agenda? {
        guard let data = FileManager.default.contents(atPath: fileURL.path) else { return nil }
        return unarchive(data)
    }

    private static func unarchive(_ data: Data) -> Agenda? {
        do {
            return try NSKeyedUnarchiver.unarchivedObject(ofClass: Agenda.self, from: data)
        } catch {
            return nil
        }
    }
}
