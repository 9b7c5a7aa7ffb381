// Mutant: remove(name:) stores the phonebook back before it checks whether the name was there, so a remove that throws notFound still writes: when the key holds data that does not decode (left by an older app version), remove(name: "Bruno") throws notFound("Bruno") but replaces that data with an empty phonebook
// Hint: A remove that finds no such name has nothing to store: check for the name before writing anything back.
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
        guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw PhonebookError.emptyName
        }
        var phonebook = stored()
        phonebook.numbers[name] = phone
        try store(phonebook)
    }

    /// Removes `name`, or throws `PhonebookError.notFound`.
    func remove(name: String) throws {
        var phonebook = stored()
        let removed = phonebook.numbers.removeValue(forKey: name)
        try store(phonebook)
        guard removed != nil else {
            throw PhonebookError.notFound(name)
        }
    }

    /// The number of `name`, or nil.
    func phone(for name: String) -> String? {
        stored().numbers[name]
    }

    /// Every entry, sorted by name ignoring case.
    func entries() -> [PhonebookEntry] {
        stored().numbers
            .map { PhonebookEntry(name: $0.key, phone: $0.value) }
            .sorted { first, second in
                let firstFolded = first.name.lowercased()
                let secondFolded = second.name.lowercased()
                if firstFolded != secondFolded {
                    return firstFolded < secondFolded
                }
                return first.name < second.name
            }
    }

    // MARK: - Storage

    /// The phonebook under the key; an empty one when nothing is there or the bytes do not
    /// decode. Reading never writes.
    private func stored() -> Phonebook {
        guard let bytes = defaults.data(forKey: Self.key),
              let phonebook = try? PropertyListDecoder().decode(Phonebook.self, from: bytes) else {
            return Phonebook()
        }
        return phonebook
    }

    /// Encodes the whole phonebook and stores the bytes under the key.
    private func store(_ phonebook: Phonebook) throws {
        let bytes = try PropertyListEncoder().encode(phonebook)
        defaults.set(bytes, forKey: Self.key)
    }
}
