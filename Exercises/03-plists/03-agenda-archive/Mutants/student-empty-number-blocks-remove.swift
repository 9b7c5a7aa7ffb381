// Mutant: remove(name:) counts a name whose number is empty as missing and throws `notFound`, so an entry added with an empty number can never be removed
// Hint: An empty number is a number like any other; check how remove decides whether a name is there.
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
        coder.encode(NSDictionary(dictionary: phones), forKey: Key.phones)
        coder.encode(owner, forKey: Key.owner)      // a cleared owner is archived as nil
    }

    init?(coder: NSCoder) {
        // Both versions archive the phones: without them this is no agenda.
        guard coder.containsValue(forKey: Key.phones),
              let phones = coder.decodeObject(of: [NSDictionary.self, NSString.self], forKey: Key.phones)
                as? [String: String] else {
            return nil
        }
        self.phones = phones
        // Version 1 had no owner; asking Linux's coder for a missing object fails the whole read.
        if coder.containsValue(forKey: Key.owner) {
            owner = coder.decodeObject(of: NSString.self, forKey: Key.owner) as String?
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
            .appending(path: "agenda.archive")
    }

    private(set) var agenda: Agenda

    init() {
        // The file is on disk as soon as it is written: after a crash it is the newer copy.
        agenda = Self.loadFromFile() ?? Self.loadFromDefaults() ?? Agenda()
    }

    /// Adds `name`, or replaces its number.
    func add(name: String, phone: String) throws {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw AgendaError.emptyName
        }
        var phones = agenda.phones
        phones[name] = phone
        try commit(Agenda(owner: agenda.owner, phones: phones))
    }

    /// Removes `name`, or throws `AgendaError.notFound`.
    func remove(name: String) throws {
        var phones = agenda.phones
        guard let old = phones.removeValue(forKey: name), !old.isEmpty else {
            throw AgendaError.notFound(name)
        }
        try commit(Agenda(owner: agenda.owner, phones: phones))
    }

    /// Sets or clears the owner's name.
    func setOwner(_ owner: String?) throws {
        try commit(Agenda(owner: owner, phones: agenda.phones))
    }

    /// The agenda archived in user defaults; nil when there is none or it cannot be read.
    static func loadFromDefaults() -> Agenda? {
        guard let archive = UserDefaults.standard.data(forKey: defaultsKey) else { return nil }
        return unarchive(archive)
    }

    /// The agenda archived in the file; nil when there is none or it cannot be read.
    static func loadFromFile() -> Agenda? {
        guard let archive = try? Data(contentsOf: fileURL) else { return nil }
        return unarchive(archive)
    }

    // MARK: Archiving

    private static func unarchive(_ archive: Data) -> Agenda? {
        guard let agenda = try? NSKeyedUnarchiver.unarchivedObject(ofClass: Agenda.self, from: archive) else {
            return nil
        }
        return agenda
    }

    /// Archives `new`, writes it to both places, and only then makes it the current agenda,
    /// so a failed save leaves the agenda as it was.
    private func commit(_ new: Agenda) throws {
        let archive = try NSKeyedArchiver.archivedData(withRootObject: new, requiringSecureCoding: true)
        let folder = Self.fileURL.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try archive.write(to: Self.fileURL, options: .atomic)
        UserDefaults.standard.set(archive, forKey: Self.defaultsKey)
        agenda = new
    }
}
