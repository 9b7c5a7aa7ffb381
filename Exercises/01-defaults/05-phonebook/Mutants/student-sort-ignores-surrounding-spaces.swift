// Mutant: entries() sorts by the name trimmed of surrounding spaces and then lowercased, so a name stored as " Zoe" (leading space) is listed after "ana" instead of first, where its lowercased form " zoe" puts it
// Hint: Ignoring case is name.lowercased(), nothing more: a name's leading space is kept, and sorts before letters.
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
        // Blank means nothing but blanks, tabs and line breaks; the name itself is kept as given.
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw PhonebookError.emptyName
        }
        var book = load()
        book.numbers[name] = phone          // any text, even "", stored as given
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

    /// The number of `name`, or nil. Names match exactly.
    func phone(for name: String) -> String? {
        load().numbers[name]
    }

    /// Every entry, sorted by name ignoring case (lowercased), ties in Swift's `<` order.
    func entries() -> [PhonebookEntry] {
        load().numbers
            .map { PhonebookEntry(name: $0.key, phone: $0.value) }
            .sorted { a, b in
                // Ignore case, and the stray spaces a name may carry around it.
                let lowerA = a.name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
                let lowerB = b.name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
                if lowerA != lowerB {
                    return lowerA < lowerB
                }
                return a.name < b.name
            }
    }

    // MARK: - Storage

    /// The stored phonebook; empty when nothing is stored or the bytes do not decode.
    private func load() -> Phonebook {
        guard let bytes = defaults.data(forKey: Self.key),
              let book = try? PropertyListDecoder().decode(Phonebook.self, from: bytes) else {
            return Phonebook()
        }
        return book
    }

    /// Encodes the whole phonebook and stores the bytes: encoding alone saves nothing.
    private func store(_ book: Phonebook) throws {
        let bytes = try PropertyListEncoder().encode(book)
        defaults.set(bytes, forKey: Self.key)
    }
}
