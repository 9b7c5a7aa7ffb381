// Mutant: add(name:phone:) with an empty phone ("") removes the name (or adds nothing), as a form does when the user clears the number field, instead of storing "" for that name, so after add(name: "Bruno", phone: "") there is no "Bruno" in the agenda, in both archives or after a relaunch
// Hint: add stores the number it is given, an empty one too.
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

    private enum Key {
        static let phones = "phones"
        static let owner = "owner"
    }

    var owner: String?
    var phones: [String: String]

    init(owner: String? = nil, phones: [String: String] = [:]) {
        self.owner = owner
        self.phones = phones
    }

    func encode(with coder: NSCoder) {
        coder.encode(phones as NSDictionary, forKey: Key.phones)
        coder.encode(owner.map { $0 as NSString }, forKey: Key.owner)
    }

    init?(coder: NSCoder) {
        guard let decoded = coder.decodeObject(of: [NSDictionary.self, NSString.self], forKey: Key.phones),
              let phones = decoded as? [String: String] else {
            return nil
        }
        self.phones = phones
        // Version 1 archives have no "owner": on Linux, asking for a missing object key
        // would make the whole unarchiving fail.
        if coder.containsValue(forKey: Key.owner) {
            owner = coder.decodeObject(of: NSString.self, forKey: Key.owner) as String?
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
        // The file is on disk as soon as it is written; the defaults may lag after a crash.
        agenda = AgendaStore.loadFromFile() ?? AgendaStore.loadFromDefaults() ?? Agenda()
    }

    /// Adds `name`, or replaces its number.
    func add(name: String, phone: String) throws {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw AgendaError.emptyName
        }
        var phones = agenda.phones
        // An empty number is the user clearing the field: the entry goes away.
        phones[name] = phone.isEmpty ? nil : phone
        try commit(Agenda(owner: agenda.owner, phones: phones))
    }

    /// Removes `name`, or throws `AgendaError.notFound`.
    func remove(name: String) throws {
        guard agenda.phones[name] != nil else {
            throw AgendaError.notFound(name)
        }
        var phones = agenda.phones
        phones.removeValue(forKey: name)
        try commit(Agenda(owner: agenda.owner, phones: phones))
    }

    /// Sets or clears the owner's name.
    func setOwner(_ owner: String?) throws {
        try commit(Agenda(owner: owner, phones: agenda.phones))
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

    // MARK: - Private

    private static func unarchive(_ data: Data) -> Agenda? {
        let classes: [AnyClass] = [Agenda.self, NSDictionary.self, NSString.self]
        return (try? NSKeyedUnarchiver.unarchivedObject(ofClasses: classes, from: data)) as? Agenda
    }

    /// Saves `next` to both places, then makes it the current agenda.
    private func commit(_ next: Agenda) throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: next, requiringSecureCoding: true)
        try FileManager.default.createDirectory(at: AgendaStore.fileURL.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try data.write(to: AgendaStore.fileURL, options: .atomic)
        let defaults = UserDefaults.standard
        defaults.set(data, forKey: AgendaStore.defaultsKey)
        defaults.synchronize()   // harmless on iOS; lets a plain process leave its defaults behind
        agenda = next
    }
}
