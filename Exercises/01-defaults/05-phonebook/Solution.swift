import Foundation

/// One line of the phonebook, as the app lists it.
struct PhonebookEntry: Equatable {
    var name: String
    var phone: String
}

enum PhonebookError: Error, Equatable {
    /// The name is empty or only spaces.
    case emptyName
    /// No entry has this name.
    case notFound(String)
}

/// What is stored: the whole phonebook, encoded as one `Data` value.
struct Phonebook: Codable {
    var numbers: [String: String] = [:]
}

/// A phonebook kept in user defaults under the single key "phonebook".
struct PhonebookStore {
    static let key = "phonebook"

    private let defaults: UserDefaults

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    /// Adds `name`, or replaces its number if it is already there.
    func add(name: String, phone: String) throws {
        // TODO: reject an empty name, then load, change and save the phonebook.
    }

    /// Removes `name`, or throws `PhonebookError.notFound`.
    func remove(name: String) throws {
        // TODO
    }

    /// The number of `name`, or nil.
    func phone(for name: String) -> String? {
        nil // TODO
    }

    /// Every entry, sorted by name ignoring case.
    func entries() -> [PhonebookEntry] {
        [] // TODO
    }
}
