// Mutant: remove finds the name ignoring case, so removing "ana" deletes "Ana" instead of throwing notFound
// Hint: Names match exactly everywhere in the phonebook, in remove as in phone(for:): "ana" is not "Ana".
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
              let phonebook = try? PropertyListDecoder().decode(Phonebook.self, from: data) else {
            return Phonebook()
        }
        return phonebook
    }

    private func save(_ phonebook: Phonebook) throws {
        defaults.set(try PropertyListEncoder().encode(phonebook), forKey: Self.key)
    }

    /// Adds `name`, or replaces its number if it is already there.
    func add(name: String, phone: String) throws {
        guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw PhonebookError.emptyName
        }
        var phonebook = load()
        phonebook.numbers[name] = phone
        try save(phonebook)
    }

    /// Removes `name`, or throws `PhonebookError.notFound`.
    func remove(name: String) throws {
        var phonebook = load()
        // Be forgiving about capitals when the user deletes a contact.
        guard let stored = phonebook.numbers.keys.first(where: {
            $0.caseInsensitiveCompare(name) == .orderedSame
        }) else {
            throw PhonebookError.notFound(name)
        }
        phonebook.numbers.removeValue(forKey: stored)
        try save(phonebook)
    }

    /// The number of `name`, or nil.
    func phone(for name: String) -> String? {
        load().numbers[name]
    }

    /// Every entry, sorted by name ignoring case.
    func entries() -> [PhonebookEntry] {
        load().numbers
            .map { PhonebookEntry(name: $0.key, phone: $0.value) }
            .sorted {
                let left = $0.name.lowercased(), right = $1.name.lowercased()
                return left != right ? left < right : $0.name < $1.name
            }
    }
}
