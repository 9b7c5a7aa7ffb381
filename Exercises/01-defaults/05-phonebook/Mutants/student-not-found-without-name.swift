// Mutant: reports a missing name as notFound("") instead of naming it, so the app cannot say which entry was missing
// Hint: `notFound` carries the name that was not found, so that the app can tell the user which entry is missing. Check the value you put in the error you throw.
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
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw PhonebookError.emptyName }
        var book = read()
        book.numbers[name] = phone
        try write(book)
    }

    func remove(name: String) throws {
        var book = read()
        if book.numbers[name] == nil { throw PhonebookError.notFound("") }
        book.numbers[name] = nil
        try write(book)
    }

    func phone(for name: String) -> String? { read().numbers[name] }

    func entries() -> [PhonebookEntry] {
        read().numbers.sorted { ($0.key.lowercased(), $0.key) < ($1.key.lowercased(), $1.key) }
            .map { PhonebookEntry(name: $0.key, phone: $0.value) }
    }

    private func read() -> Phonebook {
        guard let data = defaults.data(forKey: Self.key) else { return Phonebook() }
        return (try? PropertyListDecoder().decode(Phonebook.self, from: data)) ?? Phonebook()
    }

    private func write(_ book: Phonebook) throws {
        defaults.set(try PropertyListEncoder().encode(book), forKey: Self.key)
    }
}
