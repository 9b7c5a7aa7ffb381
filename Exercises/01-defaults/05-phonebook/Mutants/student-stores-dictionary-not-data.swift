// Mutant: stores the phonebook as a plain [String: String] dictionary under "phonebook" instead of encoded Data, because a dictionary of strings is already a property list and the student skips Codable
// Hint: The key must hold one `Data` value made by an encoder: a dictionary is a property list too, but code that reads the key as `Data` finds nothing in it. Check the type of the value you store under "phonebook".
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
    let defaults: UserDefaults

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    private var numbers: [String: String] {
        get { defaults.dictionary(forKey: "phonebook") as? [String: String] ?? [:] }
        nonmutating set { defaults.set(newValue, forKey: "phonebook") }
    }

    func add(name: String, phone: String) throws {
        if name.trimmingCharacters(in: .whitespaces).isEmpty {
            throw PhonebookError.emptyName
        }
        var all = numbers
        all[name] = phone
        numbers = all
    }

    func remove(name: String) throws {
        var all = numbers
        if all.removeValue(forKey: name) == nil {
            throw PhonebookError.notFound(name)
        }
        numbers = all
    }

    func phone(for name: String) -> String? {
        numbers[name]
    }

    func entries() -> [PhonebookEntry] {
        var list: [PhonebookEntry] = []
        for (name, phone) in numbers {
            list.append(PhonebookEntry(name: name, phone: phone))
        }
        list.sort { a, b in
            let left = a.name.lowercased(), right = b.name.lowercased()
            return left == right ? a.name < b.name : left < right
        }
        return list
    }
}
