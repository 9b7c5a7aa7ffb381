// Mutant: puts a whole message in notFound's associated value ("No entry named Bruno") instead of the name, as a student does who wants the error to read well
// Hint: `notFound` carries the name that was not found, not a sentence: the app builds its own message from that name. Check the value you put in the error.
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
        coder.encode(owner, forKey: "owner")
        coder.encode(phones, forKey: "phones")
    }

    required init?(coder: NSCoder) {
        guard let phones = coder.decodeObject(of: [NSDictionary.self, NSString.self], forKey: "phones") as? [String: String] else {
            return nil
        }
        let owner: String? = coder.containsValue(forKey: "owner")
            ? coder.decodeObject(of: NSString.self, forKey: "owner") as String?
            : nil
        self.owner = owner
        self.phones = phones
    }
}

final class AgendaStore {
    static let defaultsKey = "phonebook"
    static var fileURL: URL {
        URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Documents").appendingPathComponent("agenda.archive")
    }

    private(set) var agenda: Agenda

    init() {
        agenda = AgendaStore.loadFromFile() ?? AgendaStore.loadFromDefaults() ?? Agenda()
    }

    func add(name: String, phone: String) throws {
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw AgendaError.emptyName
        }
        agenda.phones[name] = phone
        try store()
    }

    func remove(name: String) throws {
        guard agenda.phones.keys.contains(name) else {
            throw AgendaError.notFound("No entry named \(name)")
        }
        agenda.phones.removeValue(forKey: name)
        try store()
    }

    func setOwner(_ owner: String?) throws {
        agenda.owner = owner
        try store()
    }

    private func store() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: agenda, requiringSecureCoding: true)
        UserDefaults.standard.set(data, forKey: AgendaStore.defaultsKey)
        try data.write(to: AgendaStore.fileURL, options: .atomic)
    }

    static func loadFromDefaults() -> Agenda? {
        UserDefaults.standard.data(forKey: defaultsKey).flatMap {
            try? NSKeyedUnarchiver.unarchivedObject(ofClass: Agenda.self, from: $0)
        }
    }

    static func loadFromFile() -> Agenda? {
        (try? Data(contentsOf: fileURL)).flatMap {
            try? NSKeyedUnarchiver.unarchivedObject(ofClass: Agenda.self, from: $0)
        }
    }
}
