// Mutant: setOwner(_:) tidies the owner it is given, trimming blanks, tabs and line breaks around it ("names from a text field often end in a space"), so setOwner(" Pedro ") stores, archives and reloads "Pedro", and setOwner("  ") stores ""
// Hint: Keep the owner exactly as it was given, spaces around it included.
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
        // A missing owner is archived as nil under its key, and reads back as nil.
        coder.encode(owner.map { $0 as NSString }, forKey: Key.owner)
    }

    init?(coder: NSCoder) {
        // On Linux, asking for a key the archive lacks fails the whole unarchiving, so every
        // decodeObject is guarded by containsValue(forKey:).
        if coder.containsValue(forKey: Key.phones) {
            let decoded = coder.decodeObject(of: [NSDictionary.self, NSString.self], forKey: Key.phones)
            guard let phones = decoded as? [String: String] else { return nil }
            self.phones = phones
        } else {
            phones = [:]
        }
        // Version 1 archives have no "owner" key: no owner.
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
            .appendingPathComponent("agenda.archive")
    }

    private(set) var agenda: Agenda

    init() {
        // The file is written at once; the defaults may lag behind after a crash.
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
        guard agenda.phones[name] != nil else {
            throw AgendaError.notFound(name)
        }
        var phones = agenda.phones
        phones[name] = nil
        try commit(Agenda(owner: agenda.owner, phones: phones))
    }

    /// Sets or clears the owner's name.
    func setOwner(_ owner: String?) throws {
        let tidied = owner?.trimmingCharacters(in: .whitespacesAndNewlines)
        try commit(Agenda(owner: tidied, phones: agenda.phones))
    }

    /// The agenda archived in user defaults; nil when there is none or it cannot be read.
    static func loadFromDefaults() -> Agenda? {
        guard let bytes = UserDefaults.standard.data(forKey: defaultsKey) else { return nil }
        return unarchive(bytes)
    }

    /// The agenda archived in the file; nil when there is none or it cannot be read.
    static func loadFromFile() -> Agenda? {
        guard let bytes = try? Data(contentsOf: fileURL) else { return nil }
        return unarchive(bytes)
    }

    // MARK: - Private

    private static func unarchive(_ bytes: Data) -> Agenda? {
        guard let agenda = try? NSKeyedUnarchiver.unarchivedObject(ofClass: Agenda.self, from: bytes) else {
            return nil
        }
        return agenda
    }

    /// Archives `next`, saves it to both places, and only then makes it the current agenda.
    private func commit(_ next: Agenda) throws {
        let bytes = try NSKeyedArchiver.archivedData(withRootObject: next, requiringSecureCoding: true)
        let folder = Self.fileURL.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try bytes.write(to: Self.fileURL, options: .atomic)
        UserDefaults.standard.set(bytes, forKey: Self.defaultsKey)
        UserDefaults.standard.synchronize()
        agenda = next
    }
}
