// Mutant: add(name:phone:) treats an empty (or blank) number as "clear this contact" and removes the name instead of storing "", so after add(name: "Ana", phone: "") phone(for: "Ana") is nil and entries() no longer lists her
// Hint: A number is any text; an empty one is stored like any other.
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

    private func load() -> Phonebook {
        guard let data = defaults.data(forKey: Self.key),
              let book = try? PropertyListDecoder().decode(Phonebook.self, from: data) else {
            return Phonebook()
        }
        return book
    }

    private func store(_ book: Phonebook) throws {
        let data = try PropertyListEncoder().encode(book)
        defaults.set(data, forKey: Self.key)
    }

    /// Adds `name`, or replaces its number if it is already there.
    func add(name: String, phone: String) throws {
        guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw PhonebookError.emptyName
        }
        var book = load()
        if phone.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            // No number left: the contact is cleared.
            book.numbers[name] = nil
        } else {
            book.numbers[name] = phone
        }
        try store(book)
    }

    /// Removes `name`, or throws `PhonebookError.notFound`.
    func remove(name: String) throws {
        var book = load()
        guard book.numbers.removeValue(forKey: name) != nil else {
            throw PhonebookError.notFound(name)
        }
        try store(book)
    }

    /// The number of `name`, or nil.
    func phone(for name: String) -> String? {
        load().numbers[name]
    }

    /// Every entry, sorted by name ignoring case.
    func entries() -> [PhonebookEntry] {
        load().numbers
            .map { PhonebookEntry(name: $0.key, phone: $0.value) }
            .sorted { a, b in
                let la = a.name.lowercased(), lb = b.name.lowercased()
                if la != lb { return la < lb }
                return a.name < b.name
            }
    }
}
