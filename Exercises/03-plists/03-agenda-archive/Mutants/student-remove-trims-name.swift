// Mutant: remove(name:) looks the name up trimmed of blanks and tabs, so remove(name: "Ana ") deletes "Ana" instead of throwing notFound("Ana "), and an entry stored as " Ana" (names are kept as given) can never be removed: it throws notFound
// Hint: Names are kept and found exactly as given, in remove too.
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
        if let owner = owner {
            coder.encode(owner as NSString, forKey: "owner")
        }
    }

    init?(coder: NSCoder) {
        guard let phones = coder.decodeObject(of: [NSDictionary.self, NSString.self], forKey: "phones")
                as? [String: String] else { return nil }
        self.phones = phones
        if coder.containsValue(forKey: "owner") {
            owner = coder.decodeObject(of: NSString.self, forKey: "owner") as String?
        } else {
            owner = nil
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
        agenda = AgendaStore.loadFromFile() ?? AgendaStore.loadFromDefaults() ?? Agenda()
    }

    private func save() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: agenda, requiringSecureCoding: true)
        UserDefaults.standard.set(data, forKey: AgendaStore.defaultsKey)
        try data.write(to: AgendaStore.fileURL, options: .atomic)
    }

    /// Adds `name`, or replaces its number.
    func add(name: String, phone: String) throws {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw AgendaError.emptyName }
        agenda.phones[name] = phone
        try save()
    }

    /// Removes `name`, or throws `AgendaError.notFound`.
    func remove(name: String) throws {
        // Forgive stray blanks typed around the name.
        let key = name.trimmingCharacters(in: .whitespaces)
        guard agenda.phones.removeValue(forKey: key) != nil else { throw AgendaError.notFound(name) }
        try save()
    }

    /// Sets or clears the owner's name.
    func setOwner(_ owner: String?) throws {
        agenda.owner = owner
        try save()
    }

    private static func unarchive(_ data: Data) -> Agenda? {
        try? NSKeyedUnarchiver.unarchivedObject(ofClass: Agenda.self, from: data)
    }

    /// The agenda archived in user defaults; nil when there is none or it cannot be read.
    static func loadFromDefaults() -> Agenda? {
        guard let data = UserDefaults.standard.data(forKey: defaultsKey) else { return nil }
        return unarchive(data)
    }

    /// The agenda archived in the file; nil when there is none or it cannot be read.
    static func loadFromFile() -> Agenda? {
        guard let data = try? Data(contentsOf: fileURL) else { return nil }
        return unarchive(data)
    }
}
