// Mutant: decodes the phonebook once per launch and keeps it in memory; adds and removes write the defaults but never refresh that copy, so a listing in the same launch is stale
// Hint: A phonebook decoded once and kept in memory goes out of date as soon as an add or a remove stores a new one, so a lookup or a listing later in the same launch misses the change. Read what the defaults hold at each call; they are already in memory.
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
    nonisolated(unsafe) private static var cache: Phonebook?

    private let defaults: UserDefaults

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    private var book: Phonebook {
        if let cache = Self.cache { return cache }
        var loaded = Phonebook()
        if let data = defaults.data(forKey: Self.key), let decoded = try? PropertyListDecoder().decode(Phonebook.self, from: data) {
            loaded = decoded
        }
        Self.cache = loaded
        return loaded
    }

    func add(name: String, phone: String) throws {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw PhonebookError.emptyName }
        var stored = fresh()
        stored.numbers[name] = phone
        defaults.set(try PropertyListEncoder().encode(stored), forKey: Self.key)
    }

    func remove(name: String) throws {
        var stored = fresh()
        guard stored.numbers.removeValue(forKey: name) != nil else { throw PhonebookError.notFound(name) }
        defaults.set(try PropertyListEncoder().encode(stored), forKey: Self.key)
    }

    func phone(for name: String) -> String? {
        book.numbers[name]
    }

    func entries() -> [PhonebookEntry] {
        book.numbers.map { PhonebookEntry(name: $0.key, phone: $0.value) }
            .sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
    }

    private func fresh() -> Phonebook {
        guard let data = defaults.data(forKey: Self.key) else { return Phonebook() }
        return (try? PropertyListDecoder().decode(Phonebook.self, from: data)) ?? Phonebook()
    }
}
