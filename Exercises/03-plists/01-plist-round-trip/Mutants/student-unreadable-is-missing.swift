// Mutant: reads the file and parses it with try? in one guard and throws missingFile whenever either fails, so damaged bytes report a missing file instead of the parser's error
// Hint: A file that is there but damaged is not a missing file: the caller must get the parser's own error. Check that only a file that does not exist becomes `missingFile`.
import Foundation

enum PlistFileError: Error {
    case missingFile
    case notADictionary
}

struct PlistFile {
    let url: URL

    init(name: String) {
        let documentsURL = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        url = documentsURL.appendingPathComponent(name).appendingPathExtension("plist")
    }

    func write(_ values: [String: Any], format: PropertyListSerialization.PropertyListFormat) throws {
        let data = try PropertyListSerialization.data(fromPropertyList: values, format: format, options: 0)
        try data.write(to: url, options: .atomic)
    }

    func read() throws -> (values: [String: Any], format: PropertyListSerialization.PropertyListFormat) {
        var format = PropertyListSerialization.PropertyListFormat.xml
        guard let data = try? Data(contentsOf: url),
              let root = try? PropertyListSerialization.propertyList(from: data, options: [], format: &format) else {
            throw PlistFileError.missingFile
        }
        guard let values = root as? [String: Any] else {
            throw PlistFileError.notADictionary
        }
        return (values, format)
    }
}
