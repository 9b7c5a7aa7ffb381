// Mutant: a name made only of spaces is accepted; only the empty string is refused
// Hint: Try adding a name that looks empty on screen but is not the empty string.
import Foundation

struct PhonebookEntry: Equatable {
    var name: String
    var phone: String
}

enum PhonebookError: Error, Equatable {
    case emptyName
    case notFound(String)
}

struct Phonebook: Codable {
    var numbers: [String: String] = [:]
}

struct PhonebookStore {
    static let key = "phonebook"

    private let defaults: UserDefaults

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    func add(name: String, phone: String) throws {
        if name.isEmpty {
            throw PhonebookError.emptyName
        }
        var book = load()
        book.numbers[name] = phone
        try save(book)
    }

    func remove(name: String) throws {
        var book = load()
        guard book.numbers.removeValue(forKey: name) != nil else {
            throw PhonebookError.notFound(name)
        }
        try save(book)
    }

    func phone(for name: String) -> String? {
        load().numbers[name]
    }

    func entries() -> [PhonebookEntry] {
        load().numbers
            .map { PhonebookEntry(name: $0.key, phone: $0.value) }
            .sorted {
                let order = $0.name.caseInsensitiveCompare($1.name)
                return order == .orderedSame ? $0.name < $1.name : order == .orderedAscending
            }
    }

    private func load() -> Phonebook {
        guard let data = defaults.data(forKey: Self.key) else { return Phonebook() }
        return (try? PropertyListDecoder().decode(Phonebook.self, from: data)) ?? Phonebook()
    }

    private func save(_ book: Phonebook) throws {
        let data = try PropertyListEncoder().encode(book)
        defaults.set(data, forKey: Self.key)
    }
}
