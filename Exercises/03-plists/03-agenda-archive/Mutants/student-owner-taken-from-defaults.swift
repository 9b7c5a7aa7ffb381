// Mutant: init() loads the file first, but when the file's agenda has no owner ("maybe a version-1 file") it takes the owner from the defaults' copy, so after setOwner(nil) is saved to the file and the app is killed before the system saves the defaults, the next launch has the old owner back instead of the file's agenda
// Hint: At launch the file's agenda is the newest copy as a whole: an owner it does not have must not be filled in from the other copy.
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
        guard let phones = coder.decodeObject(of: [NSDictionary.self, NSString.self],
                                              forKey: "phones") as? [String: String] else {
            return nil
        }
        self.phones = phones
        // Version 1 wrote no "owner" key; on Linux, decoding a missing key fails the whole
        // unarchiving, so ask first.
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
        // The file is on disk as soon as it is written; the defaults may lag after a crash.
        if let fromFile = AgendaStore.loadFromFile() {
            // A file without an owner may have been written by version 1, which knew no owner:
            // take the owner from the defaults' copy then.
            if fromFile.owner == nil, let fromDefaults = AgendaStore.loadFromDefaults() {
                fromFile.owner = fromDefaults.owner
            }
            agenda = fromFile
        } else {
            agenda = AgendaStore.loadFromDefaults() ?? Agenda()
        }
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
        (try? NSKeyedUnarchiver.unarchivedObject(ofClass: Agenda.self, from: data)) ?? nil
    }

    /// Archives the agenda once and keeps the same bytes in both places.
    private func save() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: agenda, requiringSecureCoding: true)
        let url = AgendaStore.fileURL
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
        UserDefaults.standard.set(data, forKey: AgendaStore.defaultsKey)
    }
}
