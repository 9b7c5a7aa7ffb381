// Mutant: entries() ignores case only in the first letter (names differ in case at their initial: "ana" and "Bruno"), comparing the lower-cased initial and then the whole names with Swift's `<`, so names with the same initial are ordered case-sensitively: "ANDRÉS" and "Andrés" come before "ana", and "CARLA" before "Camilo"
// Hint: Ignoring case means the whole name lowercased, not only its first letter.
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
        var phonebook = load()
        phonebook.numbers[name] = phone
        try save(phonebook)
    }

    /// Removes `name`, or throws `PhonebookError.notFound`.
    func remove(name: String) throws {
        var phonebook = load()
        guard phonebook.numbers.removeValue(forKey: name) != nil else {
            throw PhonebookError.notFound(name)
        }
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
                let (initial0, initial1) = ($0.name.prefix(1).lowercased(), $1.name.prefix(1).lowercased())
                return initial0 != initial1 ? initial0 < initial1 : $0.name < $1.name
            }
    }

    /// The stored phonebook; empty when nothing is stored or the data does not decode.
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
}
