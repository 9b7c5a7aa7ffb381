// Mutant: loadFromDefaults() falls back to the file when user defaults hold no "phonebook" (or an unreadable one), so it returns the file's agenda instead of nil, and the two loaders no longer report one place each
// Hint: loadFromDefaults() should look at user defaults alone: when they hold nothing readable, it answers nil even if the file has an agenda.
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
        // Always written (nil included), so a version-2 archive always has both keys.
        coder.encode(owner.map { $0 as NSString }, forKey: Key.owner)
    }

    init?(coder: NSCoder) {
        var phones: [String: String] = [:]
        if coder.containsValue(forKey: Key.phones) {
            let decoded = coder.decodeObject(of: [NSDictionary.self, NSString.self], forKey: Key.phones)
            guard let dictionary = decoded as? [String: String] else { return nil }
            phones = dictionary
        }
        self.phones = phones
        // Version 1 never wrote an owner: on Linux, asking for a missing key fails the whole
        // unarchiving, so look before decoding.
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
            .appendingPathComponent("agenda.archive", isDirectory: false)
    }

    private(set) var agenda: Agenda

    init() {
        // The file is on disk as soon as it is written; the defaults may lag behind a crash.
        agenda = AgendaStore.loadFromFile() ?? AgendaStore.loadFromDefaults() ?? Agenda()
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
        guard phones.removeValue(forKey: name) != nil else {
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
        // The two copies hold the same archive: when the defaults have none (yet), the file's
        // copy is just as good.
        guard let data = UserDefaults.standard.data(forKey: defaultsKey) else { return loadFromFile() }
        return unarchive(data) ?? loadFromFile()
    }

    /// The agenda archived in the file; nil when there is none or it cannot be read.
    static func loadFromFile() -> Agenda? {
        guard let data = try? Data(contentsOf: fileURL) else { return nil }
        return unarchive(data)
    }

    private static func unarchive(_ data: Data) -> Agenda? {
        (try? NSKeyedUnarchiver.unarchivedObject(ofClass: Agenda.self, from: data)) ?? nil
    }

    /// Saves `next` to both places, then makes it the current agenda.
    private func commit(_ next: Agenda) throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: next, requiringSecureCoding: true)
        let url = AgendaStore.fileURL
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
        UserDefaults.standard.set(data, forKey: AgendaStore.defaultsKey)
        UserDefaults.standard.synchronize()
        agenda = next
    }
}
