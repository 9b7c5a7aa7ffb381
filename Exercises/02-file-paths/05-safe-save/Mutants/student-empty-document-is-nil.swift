// Mutant: load() reports an empty document as nil, as if nothing had been saved
// Hint: Save `Data()` and load it back: is the answer "nothing saved" or "an empty document"?
import Foundation

struct DocumentStore {
    let fileName: String

    init(fileName: String) {
        self.fileName = fileName
    }

    var url: URL {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        return documents.appending(path: fileName)
    }

    func save(_ data: Data) throws {
        try data.write(to: url, options: .atomic)
    }

    func load() throws -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data = try Data(contentsOf: url)
        return data.isEmpty ? nil : data
    }
}
