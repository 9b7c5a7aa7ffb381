// Mutant: when the data under "phonebook" does not decode, reading "repairs" it by storing an empty phonebook in its place, so a mere phone(for:) or entries() overwrites what an older app version left there
// Hint: Reading must never write: think about what your loader does with bytes under the key that do not decode.
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
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw PhonebookError.emptyName
        }
        var book = stored()
        book.numbers[name] = phone                 // name and number exactly as given
        try store(book)
    }

    /// Removes `name`, or throws `PhonebookError.notFound`.
    func remove(name: String) throws {
        var book = stored()
        if book.numbers.removeValue(forKey: name) == nil {
            throw PhonebookError.notFound(name)
        }
        try store(book)
    }

    /// The number of `name`, or nil.
    func phone(for name: String) -> String? {
        stored().numbers[name]
    }

    /// Every entry, sorted by name ignoring case.
    func entries() -> [PhonebookEntry] {
        stored().numbers
            .map { PhonebookEntry(name: $0.key, phone: $0.value) }
            .sorted { left, right in
                let l = left.name.lowercased(), r = right.name.lowercased()
                return l == r ? left.name < right.name : l < r
            }
    }

    // MARK: Storage

    /// The phonebook under the key; missing or undecodable data is an empty phonebook,
    /// and reading never writes.
    private func stored() -> Phonebook {
        guard let bytes = defaults.data(forKey: Self.key) else { return Phonebook() }
        if let book = try? PropertyListDecoder().decode(Phonebook.self, from: bytes) {
            return book
        }
        try? store(Phonebook())          // replace the unreadable bytes
        return Phonebook()
    }

    /// Encodes the whole phonebook and stores it as one `Data` value.
    private func store(_ book: Phonebook) throws {
        let bytes = try PropertyListEncoder().encode(book)
        defaults.set(bytes, forKey: Self.key)
    }
}
