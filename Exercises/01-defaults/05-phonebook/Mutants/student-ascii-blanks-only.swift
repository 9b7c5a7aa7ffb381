// Mutant: add checks the name against a hand-written set of blanks, tabs and line breaks (" \t\n\r") instead of `.whitespacesAndNewlines`, so a name made only of other spaces that `.whitespacesAndNewlines` trims (a no-break space U+00A0, an em space U+2003, U+2028, a vertical tab) is stored instead of throwing `PhonebookError.emptyName`
// Hint: A hand-written list of blanks misses other spaces that .whitespacesAndNewlines knows about.
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
    /// Number by name, both exactly as they were added.
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
        // Checked before anything is read or written: a refused add changes nothing.
        // Spaces are blanks, tabs and line breaks.
        let spaces = CharacterSet(charactersIn: " \t\n\r")
        guard !name.trimmingCharacters(in: spaces).isEmpty else {
            throw PhonebookError.emptyName
        }
        var phonebook = load()
        phonebook.numbers[name] = phone          // name and number kept as given
        try store(phonebook)
    }

    /// Removes `name`, or throws `PhonebookError.notFound`.
    func remove(name: String) throws {
        var phonebook = load()
        guard phonebook.numbers.removeValue(forKey: name) != nil else {
            throw PhonebookError.notFound(name)
        }
        try store(phonebook)
    }

    /// The number of `name`, or nil.
    func phone(for name: String) -> String? {
        load().numbers[name]
    }

    /// Every entry, sorted by name ignoring case.
    func entries() -> [PhonebookEntry] {
        load().numbers
            .map { PhonebookEntry(name: $0.key, phone: $0.value) }
            .sorted { first, second in
                let firstFolded = first.name.lowercased()
                let secondFolded = second.name.lowercased()
                if firstFolded != secondFolded {
                    return firstFolded < secondFolded
                }
                return first.name < second.name     // "Ana" before "ana"
            }
    }

    // MARK: Persistence

    /// The stored phonebook; no data, or data that does not decode, is an empty phonebook.
    private func load() -> Phonebook {
        guard let data = defaults.data(forKey: Self.key),
              let phonebook = try? PropertyListDecoder().decode(Phonebook.self, from: data) else {
            return Phonebook()
        }
        return phonebook
    }

    /// Encodes the whole phonebook and stores it as one `Data` value under "phonebook".
    private func store(_ phonebook: Phonebook) throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        defaults.set(try encoder.encode(phonebook), forKey: Self.key)
    }
}
