// Mutant: remove(name:) checks the name the way add does and throws `AgendaError.emptyName` for a name that is empty or only blanks and tabs, so remove(name: "") or remove(name: "  ") throws emptyName instead of `AgendaError.notFound("")` / `notFound("  ")`
// Hint: Only add refuses an empty name; remove of a name no entry has, even "", is notFound(name).
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

    private static let phonesKey = "phones"
    private static let ownerKey = "owner"

    var owner: String?
    var phones: [String: String]

    init(owner: String? = nil, phones: [String: String] = [:]) {
        self.owner = owner
        self.phones = phones
    }

    func encode(with coder: NSCoder) {
        coder.encode(phones as NSDictionary, forKey: Agenda.phonesKey)
        // A nil owner is encoded too: it decodes as nil.
        coder.encode(owner.map { $0 as NSString }, forKey: Agenda.ownerKey)
    }

    init?(coder: NSCoder) {
        // Linux fails the whole unarchiving when a missing key is decoded as an object:
        // ask first.
        var phones: [String: String] = [:]
        if coder.containsValue(forKey: Agenda.phonesKey) {
            let decoded = coder.decodeObject(of: [NSDictionary.self, NSString.self], forKey: Agenda.phonesKey)
            guard let table = decoded as? [String: String] else {
                return nil
            }
            phones = table
        }
        self.phones = phones
        // Version 1 archives have no "owner" key: no owner then.
        if coder.containsValue(forKey: Agenda.ownerKey) {
            owner = coder.decodeObject(of: NSString.self, forKey: Agenda.ownerKey) as String?
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
            .appendingPathComponent("agenda.archive", isDirectory: false)
    }

    private(set) var agenda: Agenda

    init() {
        // The file is written at once; defaults may lag behind after a crash.
        agenda = AgendaStore.loadFromFile() ?? AgendaStore.loadFromDefaults() ?? Agenda()
    }

    /// Adds `name`, or replaces its number.
    func add(name: String, phone: String) throws {
        // Blanks and tabs only; a line break makes a name. The name is kept as given.
        if name.trimmingCharacters(in: .whitespaces).isEmpty {
            throw AgendaError.emptyName
        }
        let previous = agenda.phones[name]
        agenda.phones[name] = phone
        do {
            try save()
        } catch {
            agenda.phones[name] = previous
            throw error
        }
    }

    /// Removes `name`, or throws `AgendaError.notFound`.
    func remove(name: String) throws {
        // The same rule as add: a blank name is refused before anything else.
        if name.trimmingCharacters(in: .whitespaces).isEmpty {
            throw AgendaError.emptyName
        }
        guard let previous = agenda.phones.removeValue(forKey: name) else {
            throw AgendaError.notFound(name)
        }
        do {
            try save()
        } catch {
            agenda.phones[name] = previous
            throw error
        }
    }

    /// Sets or clears the owner's name.
    func setOwner(_ owner: String?) throws {
        let previous = agenda.owner
        agenda.owner = owner
        do {
            try save()
        } catch {
            agenda.owner = previous
            throw error
        }
    }

    /// The agenda archived in user defaults; nil when there is none or it cannot be read.
    static func loadFromDefaults() -> Agenda? {
        guard let bytes = UserDefaults.standard.data(forKey: defaultsKey) else {
            return nil
        }
        return unarchive(bytes)
    }

    /// The agenda archived in the file; nil when there is none or it cannot be read.
    static func loadFromFile() -> Agenda? {
        guard let bytes = try? Data(contentsOf: fileURL) else {
            return nil
        }
        return unarchive(bytes)
    }

    private static func unarchive(_ bytes: Data) -> Agenda? {
        let allowed: [AnyClass] = [Agenda.self, NSDictionary.self, NSString.self]
        return (try? NSKeyedUnarchiver.unarchivedObject(ofClasses: allowed, from: bytes)) as? Agenda
    }

    /// Archives the agenda once and keeps the same bytes in both places.
    private func save() throws {
        let bytes = try NSKeyedArchiver.archivedData(withRootObject: agenda, requiringSecureCoding: true)
        let folder = AgendaStore.fileURL.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: folder.path) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try bytes.write(to: AgendaStore.fileURL, options: .atomic)
        let defaults = UserDefaults.standard
        defaults.set(bytes, forKey: AgendaStore.defaultsKey)
        defaults.synchronize()
    }
}
