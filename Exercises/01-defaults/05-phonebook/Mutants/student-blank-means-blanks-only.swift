// Mutant: the blank-name check trims .whitespaces only, so a name made of line breaks is accepted
// Hint: Which characters does the statement count as spaces? Try a name that is only a line break.
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
        if name.trimmingCharacters(in: .whitespaces).isEmpty {
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
            .sorted { left, right in
                let leftFolded = left.name.lowercased()
                let rightFolded = right.name.lowercased()
                if leftFolded != rightFolded {
                    return leftFolded < rightFolded
                }
                return left.name < right.name
            }
    }

    // MARK: Storage

    /// The stored phonebook; empty when nothing readable is there.
    private func load() -> Phonebook {
        guard let data = defaults.data(forKey: Self.key),
              let book = try? PropertyListDecoder().decode(Phonebook.self, from: data) else {
            return Phonebook()
        }
        return book
    }

    /// Encodes the whole phonebook and stores it as one `Data` value.
    private func save(_ book: Phonebook) throws {
        let data = try PropertyListEncoder().encode(book)
        defaults.set(data, forKey: Self.key)
    }
}
