// Mutant: loadFromDefaults() copies the agenda it finds in the defaults to Documents/agenda.archive when there is no file there ("migrate version 1"), so a read of the defaults creates the file
// Hint: A loader only reads its own place: reading the defaults must not write anything.
import Foundation

enum AgendaError: Error, Equatable {
    /// The name is empty or only spaces.
    case emptyName
    /// No entry has this name.
    case notFound(String)
}

/// The user's agenda: a phone number for each name, and (since version 2 of the app) the
/// name of the agenda's owner.
///
/// An `NSObject` that adopts `NSSecureCoding`, so that `NSKeyedArchiver` can turn it into
/// `Data` and `NSKeyedUnarchiver` can rebuild it, refusing any class it was not told about.
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
        // The archive stores Foundation objects: name the dictionary class and the class of
        // what is inside it. An agenda without phones is not an agenda: fail.
        guard let phones = coder.decodeObject(of: [NSDictionary.self, NSString.self], forKey: "phones")
                as? [String: String] else {
            return nil
        }
        self.phones = phones
        // Version 1 archives have no "owner" key at all. Asking for a missing object key
        // makes the whole unarchiving fail on Linux, so ask whether it is there first.
        if coder.containsValue(forKey: "owner") {
            owner = coder.decodeObject(of: NSString.self, forKey: "owner") as String?
        }
    }
}

/// Keeps the app's agenda in two places: archived in user defaults under "phonebook", and
/// archived in `Documents/agenda.archive`.
///
/// Every change is saved at once, to both. At launch the file is read first: it is on disk
/// as soon as it is written, while user defaults are saved later by the system, so after a
/// crash the file is the newer copy. The defaults are the fallback when the file is
/// missing or damaged.
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
        agenda.owner = owner
        try save()
    }

    /// Archives the agenda once and stores the same bytes in both places.
    func save() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: agenda, requiringSecureCoding: true)
        UserDefaults.standard.set(data, forKey: Self.defaultsKey)
        try data.write(to: Self.fileURL, options: .atomic)
    }

    /// The agenda archived in user defaults; nil when there is none or it cannot be read.
    static func loadFromDefaults() -> Agenda? {
        guard let data = UserDefaults.standard.data(forKey: defaultsKey) else { return nil }
        guard let agenda = try? NSKeyedUnarchiver.unarchivedObject(ofClass: Agenda.self, from: data) else { return nil }
        if !FileManager.default.fileExists(atPath: fileURL.path) {
            try? data.write(to: fileURL, options: .atomic)
        }
        return agenda
    }

    /// The agenda archived in the file; nil when there is none or it cannot be read.
    static func loadFromFile() -> Agenda? {
        guard let data = try? Data(contentsOf: fileURL) else { return nil }
        return try? NSKeyedUnarchiver.unarchivedObject(ofClass: Agenda.self, from: data)
    }
}
