// Mutant: when the data under "phonebook" does not decode, the store keeps a copy of it under a second key, "phonebook.unreadable" ("never throw away what an older version stored"), before starting from an empty phonebook, so after the next add the defaults hold two keys
// Hint: The defaults may hold the phonebook's one key and nothing else, even when what was there could not be read.
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

    private static let rescueKey = "phonebook.unreadable"

    /// Adds `name`, or replaces its number if it is already there.
    func add(name: String, phone: String) throws {
        guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw PhonebookError.emptyName
        }
        var book = load()
        book.numbers[name] = phone
        try save(book)
    }

    /// Removes `name`, or throws `PhonebookError.notFound`.
    func remove(name: String) throws {
        var book = load()
        guard book.numbers.removeValue(forKey: name) != nil else {
            throw PhonebookError.notFound(name)
        }
        try save(book)
    }

    /// The number of `name`, or nil.
    func phone(for name: String) -> String? {
        load().numbers[name]
    }

    /// Every entry, sorted by name ignoring case.
    func entries() -> [PhonebookEntry] {
        load().numbers
            .map { PhonebookEntry(name: $0.key, phone: $0.value) }
            .sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
    }

    private func load() -> Phonebook {
        guard let data = defaults.data(forKey: Self.key) else { return Phonebook() }
        if let book = try? PropertyListDecoder().decode(Phonebook.self, from: data) {
            return book
        }
        // Keep the unreadable bytes aside before they are overwritten.
        if defaults.object(forKey: Self.rescueKey) == nil {
            defaults.set(data, forKey: Self.rescueKey)
        }
        return Phonebook()
    }

    private func save(_ book: Phonebook) throws {
        defaults.set(try PropertyListEncoder().encode(book), forKey: Self.key)
    }
}

