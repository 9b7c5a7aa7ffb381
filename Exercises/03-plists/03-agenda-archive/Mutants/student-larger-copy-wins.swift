// Mutant: init() loads both copies and keeps the one with more names (the file when they tie), to "never lose an entry", so after a name is removed just before a crash (the defaults not yet saved by the system) the older defaults copy, which still has that name, wins over the newer file
// Hint: At launch one copy is the newer one whatever its size: read the statement again about which place is tried first and why.
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
        // Always written, nil included, so that every version-2 archive has both keys.
        coder.encode(owner.map { $0 as NSString }, forKey: "owner")
    }

    init?(coder: NSCoder) {
        var phones: [String: String] = [:]
        if coder.containsValue(forKey: "phones") {
            let decoded = coder.decodeObject(of: [NSDictionary.self, NSString.self], forKey: "phones")
            guard let table = decoded as? [String: String] else { return nil }
            phones = table
        }
        // Version 1 never wrote "owner": on Linux, asking for a missing object makes the whole
        // unarchiving fail, so ask first.
        var owner: String?
        if coder.containsValue(forKey: "owner") {
            owner = coder.decodeObject(of: NSString.self, forKey: "owner") as String?
        }
        self.phones = phones
        self.owner = owner
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
        // The file is the newer copy after a crash; the defaults are version 1's place.
        // Take the most complete copy, so that no entry is ever lost.
        switch (AgendaStore.loadFromFile(), AgendaStore.loadFromDefaults()) {
        case let (file?, defaults?):
            agenda = defaults.phones.count > file.phones.count ? defaults : file
        case let (file?, nil):
            agenda = file
        case let (nil, defaults?):
            agenda = defaults
        case (nil, nil):
            agenda = Agenda()
        }
    }

    /// Adds `name`, or replaces its number.
    func add(name: String, phone: String) throws {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw AgendaError.emptyName
        }
        try change { $0.phones[name] = phone }
    }

    /// Removes `name`, or throws `AgendaError.notFound`.
    func remove(name: String) throws {
        guard agenda.phones[name] != nil else {
            throw AgendaError.notFound(name)
        }
        try change { $0.phones[name] = nil }
    }

    /// Sets or clears the owner's name.
    func setOwner(_ owner: String?) throws {
        try change { $0.owner = owner }
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

    // MARK: - Saving

    /// Applies `edit` to a copy of the agenda, saves the copy to both places, and only then
    /// makes it the current agenda.
    private func change(_ edit: (Agenda) -> Void) throws {
        let updated = Agenda(owner: agenda.owner, phones: agenda.phones)
        edit(updated)
        try AgendaStore.save(updated)
        agenda = updated
    }

    private static func save(_ agenda: Agenda) throws {
        let bytes = try NSKeyedArchiver.archivedData(withRootObject: agenda, requiringSecureCoding: true)
        // The file first: it is on disk as soon as the write returns.
        try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try bytes.write(to: fileURL, options: .atomic)
        let defaults = UserDefaults.standard
        defaults.set(bytes, forKey: defaultsKey)
        defaults.synchronize()
    }

    private static func unarchive(_ bytes: Data) -> Agenda? {
        let object = try? NSKeyedUnarchiver.unarchivedObject(ofClasses: [Agenda.self, NSDictionary.self, NSString.self],
                                                             from: bytes)
        return object as? Agenda
    }
}
