// Mutant: remove(name:) looks the name up through its number and treats an empty number as "no entry" (`guard let number = …, !number.isEmpty`), so after add(name: "Ana", phone: "") remove(name: "Ana") throws notFound("Ana") and Ana stays
// Hint: An empty number is still a stored entry: check how remove decides whether a name is in the phonebook.
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
        // Refuse before touching anything. The name itself is kept exactly as given.
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw PhonebookError.emptyName
        }
        var phonebook = read()
        phonebook.numbers[name] = phone
        try write(phonebook)
    }

    /// Removes `name`, or throws `PhonebookError.notFound`.
    func remove(name: String) throws {
        var phonebook = read()
        guard let number = phonebook.numbers[name], !number.isEmpty else {
            throw PhonebookError.notFound(name)
        }
        phonebook.numbers[name] = nil
        try write(phonebook)
    }

    /// The number of `name`, or nil.
    func phone(for name: String) -> String? {
        read().numbers[name]
    }

    /// Every entry, sorted by name ignoring case.
    func entries() -> [PhonebookEntry] {
        read().numbers
            .map { PhonebookEntry(name: $0.key, phone: $0.value) }
            .sorted { Self.precedes($0.name, $1.name) }
    }

    // MARK: - Storage

    /// Names compared lowercased; names equal but for case in Swift's `<` order (capitals first).
    private static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.lowercased()
        let right = rhs.lowercased()
        if left != right {
            return left < right
        }
        return lhs < rhs
    }

    /// The stored phonebook; nothing stored, or bytes that do not decode, read as an empty
    /// phonebook (and are left as they are).
    private func read() -> Phonebook {
        guard let data = defaults.data(forKey: Self.key),
              let phonebook = try? PropertyListDecoder().decode(Phonebook.self, from: data) else {
            return Phonebook()
        }
        return phonebook
    }

    /// Encodes the whole phonebook and stores the bytes: encoding alone saves nothing.
    private func write(_ phonebook: Phonebook) throws {
        let data = try PropertyListEncoder().encode(phonebook)
        defaults.set(data, forKey: Self.key)
    }
}
