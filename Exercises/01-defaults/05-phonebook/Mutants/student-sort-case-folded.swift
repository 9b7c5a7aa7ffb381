// Mutant: entries() ignores case with Unicode case folding, `folding(options: .caseInsensitive, locale: nil)`, instead of `lowercased()`; folding also expands "ß" to "ss", the ligature "ﬁ" to "fi" and maps the Greek final "ς" to "σ", so "Straßburg" is listed before "Strauss" (lowercased, "ß" sorts after "u")
// Hint: Ignoring case is name.lowercased(): folding also turns ß into ss, which changes the order.
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
        var book = read()
        book.numbers[name] = phone              // name and number kept exactly as given
        try write(book)
    }

    /// Removes `name`, or throws `PhonebookError.notFound`.
    func remove(name: String) throws {
        var book = read()
        guard book.numbers.removeValue(forKey: name) != nil else {
            throw PhonebookError.notFound(name)
        }
        try write(book)
    }

    /// The number of `name`, or nil.
    func phone(for name: String) -> String? {
        read().numbers[name]
    }

    /// Every entry, sorted by name ignoring case; names equal but for case in Swift's `<` order.
    func entries() -> [PhonebookEntry] {
        read().numbers
            .map { PhonebookEntry(name: $0.key, phone: $0.value) }
            .sorted { left, right in
                // Proper caseless comparison: Unicode case folding.
                let a = left.name.folding(options: .caseInsensitive, locale: nil)
                let b = right.name.folding(options: .caseInsensitive, locale: nil)
                return a != b ? a < b : left.name < right.name
            }
    }

    // MARK: Storage

    /// The stored phonebook; empty when nothing is stored or the bytes do not decode.
    private func read() -> Phonebook {
        guard let bytes = defaults.data(forKey: Self.key),
              let book = try? PropertyListDecoder().decode(Phonebook.self, from: bytes) else {
            return Phonebook()
        }
        return book
    }

    /// Encodes the whole phonebook and stores it as one `Data` value.
    private func write(_ book: Phonebook) throws {
        let bytes = try PropertyListEncoder().encode(book)
        defaults.set(bytes, forKey: Self.key)
    }
}
