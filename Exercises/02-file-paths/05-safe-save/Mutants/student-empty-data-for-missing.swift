// Mutant: load() answers an empty Data when there is no document, with `(try? Data(contentsOf:)) ?? Data()`, because the student wants to avoid optionals, so "never saved" cannot be told from an empty document
// Hint: No document and an empty document are different answers: nil says nothing was ever saved, while empty data is a drawing the user saved empty. Check what `load()` returns when the file does not exist.
import Foundation

struct DocumentStore {
    let fileName: String

    init(fileName: String) {
        self.fileName = fileName
    }

    var url: URL {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first!
        return documents.appendingPathComponent(fileName)
    }

    func save(_ data: Data) throws {
        try data.write(to: url, options: [.atomic])
    }

    func load() throws -> Data? {
        return (try? Data(contentsOf: url)) ?? Data()
    }
}
