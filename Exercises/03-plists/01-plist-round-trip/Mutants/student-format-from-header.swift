// Mutant: works out the format by looking at the first bytes of the file ("bplist" means binary, anything else XML) instead of asking the parser, so an old OpenStep file is reported as XML
// Hint: Looking at the first bytes tells binary from everything else, but property lists come in three formats, and the old OpenStep text is neither binary nor XML. Report the format the parser detected instead of guessing it.
import Foundation

enum PlistFileError: Error {
    case missingFile
    case notADictionary
}

struct PlistFile {
    let url: URL

    init(name: String) {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        self.url = documents.appendingPathComponent(name + ".plist")
    }

    func write(_ values: [String: Any], format: PropertyListSerialization.PropertyListFormat) throws {
        let data = try PropertyListSerialization.data(fromPropertyList: values, format: format, options: 0)
        try data.write(to: url, options: [.atomic])
    }

    func read() throws -> (values: [String: Any], format: PropertyListSerialization.PropertyListFormat) {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw PlistFileError.missingFile
        }
        let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        guard let dictionary = plist as? [String: Any] else {
            throw PlistFileError.notADictionary
        }
        // Binary plists always start with the magic "bplist00".
        let isBinary = data.starts(with: Array("bplist".utf8))
        return (dictionary, isBinary ? .binary : .xml)
    }
}
