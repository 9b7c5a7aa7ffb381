// Mutant: remove(name:) looks the name up trimmed of the spaces around it, as add checks it, so removing " Ana " deletes Ana instead of throwing notFound
// Hint: Names are stored as given and match exactly; trimming belongs to the empty-name check only.
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
///
/// UserDefaults stores property-list values only, so a custom type goes in as `Data`: encode
/// it with a Codable encoder, store the bytes, and decode them when reading. Every operation
/// reads the stored phonebook and writes it back whole, which is fine for the handful of
/// entries that belongs in defaults (a big data set belongs in a file or a database).
struct PhonebookStore {
    static let key = "phonebook"

    private let defaults: UserDefaults

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

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
        guard book.numbers.removeValue(forKey: name.trimmingCharacters(in: .whitespacesAndNewlines)) != nil else {
            throw PhonebookError.notFound(name)
        }
        try save(book)
    }

    /// The number of `name`, or nil.
    func phone(for name: String) -> String? {
        load().numbers[name]
    }

    /// Every entry, sorted by name ignoring case (names equal but for case in `<` order).
    func entries() -> [PhonebookEntry] {
        load().numbers
            .map { PhonebookEntry(name: $0.key, phone: $0.value) }
            .sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
    }

    // MARK: Storage

    /// The stored phonebook; empty when there is none or its data cannot be decoded.
    private func load() -> Phonebook {
        guard let data = defaults.data(forKey: Self.key) else { return Phonebook() }
        return (try? PropertyListDecoder().decode(Phonebook.self, from: data)) ?? Phonebook()
    }

    private func save(_ book: Phonebook) throws {
        // A binary property list is compact; JSONEncoder would do as well.
        let data = try PropertyListEncoder().encode(book)
        defaults.set(data, forKey: Self.key)
    }
}
