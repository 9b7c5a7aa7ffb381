// Mutant: reads the archive file once per launch and keeps its bytes in a static property "to save disk reads", so loadFromFile answers with the file as it was at launch even after later saves
// Hint: The file changes at every save, so bytes read once at launch are out of date after the first change. Check that loading from the file reads the file again each time.
import Foundation

enum AgendaError: Error, Equatable {
    case emptyName
    case notFound(String)
}

final class Agenda: NSObject, NSSecureCoding {
    class var supportsSecureCoding: Bool { true }

    var owner: String?
    var phones: [String: String]

    init(owner: String? = nil, phones: [String: String] = [:]) {
        self.owner = owner
        self.phones = phones
        super.init()
    }

    func encode(with coder: NSCoder) {
        coder.encode(phones, forKey: "phones")
        coder.encode(owner, forKey: "owner")
    }

    init?(coder: NSCoder) {
        guard let p = coder.decodeObject(of: [NSDictionary.self, NSString.self], forKey: "phones") as? [String: String] else {
            return nil
        }
        phones = p
        if coder.containsValue(forKey: "owner") {
            owner = coder.decodeObject(of: NSString.self, forKey: "owner") as String?
        }
        super.init()
    }
}

final class AgendaStore {
    static let defaultsKey = "phonebook"
    static var fileURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0].appendingPathComponent("agenda.archive")
    }

    // The file's bytes, read the first time they are needed.
    nonisolated(unsafe) private static var fileData: Data??

    private(set) var agenda: Agenda

    init() {
        agenda = Self.loadFromFile() ?? Self.loadFromDefaults() ?? Agenda()
    }

    func add(name: String, phone: String) throws {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard trimmed != "" else { throw AgendaError.emptyName }
        agenda.phones[name] = phone
        try save()
    }

    func remove(name: String) throws {
        guard let _ = agenda.phones.removeValue(forKey: name) else {
            throw AgendaError.notFound(name)
        }
        try save()
    }

    func setOwner(_ owner: String?) throws {
        agenda.owner = owner
        try save()
    }

    private func save() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: agenda, requiringSecureCoding: true)
        UserDefaults.standard.set(data, forKey: Self.defaultsKey)
        try data.write(to: Self.fileURL, options: .atomic)
    }

    static func loadFromDefaults() -> Agenda? {
        guard let data = UserDefaults.standard.data(forKey: defaultsKey) else { return nil }
        return try? NSKeyedUnarchiver.unarchivedObject(ofClass: Agenda.self, from: data)
    }

    static func loadFromFile() -> Agenda? {
        if fileData == nil {
            fileData = .some(try? Data(contentsOf: fileURL))
        }
        guard let data = fileData ?? nil else { return nil }
        return try? NSKeyedUnarchiver.unarchivedObject(ofClass: Agenda.self, from: data)
    }
}
