// Mutant: write() deletes the existing file before serializing, so a refused value leaves no file at all
// Hint: Write a dictionary holding a URL over a good file, then read the file again.
import Foundation

enum PlistFileError: Error {
    case missingFile
    case notADictionary
}

struct PlistFile {
    let url: URL

    init(name: String) {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        url = documents.appendingPathComponent(name + ".plist")
    }

    func write(_ values: [String: Any], format: PropertyListSerialization.PropertyListFormat) throws {
        // Start from a clean slate so the old format cannot linger.
        if FileManager.default.fileExists(atPath: url.path) {
            try FileManager.default.removeItem(at: url)
        }
        let data = try PropertyListSerialization.data(fromPropertyList: values, format: format, options: 0)
        try data.write(to: url, options: .atomic)
    }

    func read() throws -> (values: [String: Any], format: PropertyListSerialization.PropertyListFormat) {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw PlistFileError.missingFile
        }
        let data = try Data(contentsOf: url)
        var format = PropertyListSerialization.PropertyListFormat.xml
        let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        guard let values = plist as? [String: Any] else {
            throw PlistFileError.notADictionary
        }
        return (values, format)
    }
}
