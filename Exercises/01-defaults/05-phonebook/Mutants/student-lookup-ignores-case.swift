// Mutant: phone(for:) finds a name whatever its case, so "ana" returns Ana's number
// Hint: Only the listing order ignores case; check what a lookup with a different capitalisation should give.
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
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
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
        let numbers = load().numbers
        if let exact = numbers[name] {
            return exact
        }
        // Users do not always type the capitals the same way.
        return numbers.first { $0.key.lowercased() == name.lowercased() }?.value
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
