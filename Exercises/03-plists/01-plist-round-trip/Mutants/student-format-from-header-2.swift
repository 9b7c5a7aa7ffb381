// Mutant: the format is guessed from the file's first bytes (bplist or not), so an OpenStep file is reported as XML
// Hint: There are three formats a parser can find; let the parser tell you which one it was.
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
        let data = try PropertyListSerialization.data(fromPropertyList: values, format: format, options: 0)
        try data.write(to: url, options: .atomic)
    }

    func read() throws -> (values: [String: Any], format: PropertyListSerialization.PropertyListFormat) {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw PlistFileError.missingFile
        }
        let data = try Data(contentsOf: url)
        let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        let format: PropertyListSerialization.PropertyListFormat =
            data.starts(with: Data("bplist".utf8)) ? .binary : .xml
        guard let values = plist as? [String: Any] else {
            throw PlistFileError.notADictionary
        }
        return (values, format)
    }
}
