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
        // TODO: encode the phones under "phones" and the owner under "owner".
    }

    init?(coder: NSCoder) {
        // TODO: decode both keys. Archives of version 1 have no "owner" key.
        return nil
    }
}

/// Keeps the app's agenda archived in user defaults under "phonebook" and in
/// `Documents/agenda.archive`.
final class AgendaStore {
    static let defaultsKey = "phonebook"

    static var fileURL: URL {
        // TODO: Documents/agenda.archive
        URL(fileURLWithPath: "agenda.archive")
    }

    private(set) var agenda: Agenda

    init() {
        // TODO: the file's agenda, else the defaults' one, else an empty agenda.
        agenda = Agenda()
    }

    /// Adds `name`, or replaces its number.
    func add(name: String, phone: String) throws {
        // TODO
    }

    /// Removes `name`, or throws `AgendaError.notFound`.
    func remove(name: String) throws {
        // TODO
    }

    /// Sets or clears the owner's name.
    func setOwner(_ owner: String?) throws {
        // TODO
    }

    /// The agenda archived in user defaults; nil when there is none or it cannot be read.
    static func loadFromDefaults() -> Agenda? {
        nil // TODO
    }

    /// The agenda archived in the file; nil when there is none or it cannot be read.
    static func loadFromFile() -> Agenda? {
        nil // TODO
    }
}
