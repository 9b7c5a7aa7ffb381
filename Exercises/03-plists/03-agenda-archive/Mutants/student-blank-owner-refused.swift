// Mutant: setOwner(_:) checks the owner like a name and throws `AgendaError.emptyName` for an owner that is empty or only blanks and tabs, so setOwner("") is refused and leaves the old owner in place instead of setting it
// Hint: An owner is any text; only names are checked for blanks.
import Foundation

enum AgendaError: Error, Equatable {
    /// The name is empty or only spaces.
    case emptyName
    /// No entry has this name.
    case notFound(String)
}

/// The user's agenda: a phone number for each name, and (since version 2 of the app) the
/// name of the agenda's owner.
final class Agenda: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var owner: String?
    var phones: [String: String]

    init(owner: String? = nil, phones: [String: String] = [:]) {
        self.owner = owner
        self.phones = phones
    }

    func encode(with coder: NSCoder) {
        coder.encode(phones as NSDictionary, forKey: "phones")
        coder.encode(owner, forKey: "owner")
    }

    init?(coder: NSCoder) {
        guard let phones = coder.decodeObject(of: [NSDictionary.self, NSString.self], forKey: "phones")
                as? [String: String] else {
            return nil
        }
        self.phones = phones
        // Archives of version 1 have no "owner" key.
        if coder.containsValue(forKey: "owner") {
            owner = coder.decodeObject(of: NSString.self, forKey: "owner") as String?
        }
    }
}

/// Keeps the app's agenda archived in user defaults under "phonebook" and in
/// `Documents/agenda.archive`.
final class AgendaStore {
    static let defaultsKey = "phonebook"

    static var fileURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("agenda.archive")
    }

    private(set) var agenda: Agenda

    init() {
        agenda = Self.loadFromFile() ?? Self.loadFromDefaults() ?? Agenda()
    }

    /// Adds `name`, or replaces its number.
    func add(name: String, phone: String) throws {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw AgendaError.emptyName
        }
        agenda.phones[name] = phone
        try save()
    }

    /// Removes `name`, or throws `AgendaError.notFound`.
    func remove(name: String) throws {
        guard agenda.phones.removeValue(forKey: name) != nil else {
            throw AgendaError.notFound(name)
        }
        try save()
    }

    /// Sets or clears the owner's name.
    func setOwner(_ owner: String?) throws {
        if let owner, owner.trimmingCharacters(in: .whitespaces).isEmpty {
            throw AgendaError.emptyName   // an owner needs a name, like an entry
        }
        agenda.owner = owner
        try save()
    }

    /// Archives the agenda and writes the same bytes to both places.
    private func save() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: agenda, requiringSecureCoding: true)
        UserDefaults.standard.set(data, forKey: Self.defaultsKey)
        try data.write(to: Self.fileURL, options: .atomic)
    }

    /// The agenda archived in user defaults; nil when there is none or it cannot be read.
    static func loadFromDefaults() -> Agenda? {
        guard let data = UserDefaults.standard.data(forKey: defaultsKey) else {
            return nil
        }
        return try? NSKeyedUnarchiver.unarchivedObject(ofClass: Agenda.self, from: data)
    }

    /// The agenda archived in the file; nil when there is none or it cannot be read.
    static func loadFromFile() -> Agenda? {
        guard let data = try? Data(contentsOf: fileURL) else {
            return nil
        }
        return try? NSKeyedUnarchiver.unarchivedObject(ofClass: Agenda.self, from: data)
    }
}
