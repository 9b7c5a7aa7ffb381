// Mutant: the empty-name check trims .whitespacesAndNewlines, so a name made of a line break is refused
// Hint: Which characters does the statement count as spaces in a name? What does it say about a line break?
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
        coder.encode(phones, forKey: "phones")
        coder.encode(owner, forKey: "owner")
    }

    init?(coder: NSCoder) {
        var decodedPhones: [String: String] = [:]
        if coder.containsValue(forKey: "phones") {
            guard let stored = coder.decodeObject(of: [NSDictionary.self, NSString.self],
                                                  forKey: "phones") as? [String: String] else {
                return nil
            }
            decodedPhones = stored
        }
        phones = decodedPhones
        // Version 1 archives have no "owner" key; on Linux, asking for a missing object key
        // makes the whole unarchiving fail, so check first.
        if coder.containsValue(forKey: "owner") {
            owner = coder.decodeObject(of: NSString.self, forKey: "owner") as String?
        } else {
            owner = nil
        }
        super.init()
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

    /// Adds `name`, or replaces its number.
    func add(name: String, phone: String) throws {
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
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
        agenda.owner = owner
        try save()
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

    private static func unarchive(_ data: Data) -> Agenda? {
        guard let agenda = try? NSKeyedUnarchiver.unarchivedObject(ofClass: Agenda.self, from: data) else {
            return nil
        }
        return agenda
    }

    /// Archives the agenda once and keeps the same bytes in both places: the file first
    /// (on disk at once), then user defaults.
    private func save() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: agenda, requiringSecureCoding: true)
        let url = AgendaStore.fileURL
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
        UserDefaults.standard.set(data, forKey: AgendaStore.defaultsKey)
    }
}
