// Mutant: write(_:format:) writes atomically only when a file is already there; the first write of a name is a plain Data.write(to:), so a kill in the middle of it leaves a torn (empty or partial) plist that the next launch cannot parse, instead of no file
// Hint: A first write needs the same care as a rewrite: killed halfway, a plain write leaves a torn file where there was none.
import Foundation

/// Why a property-list file could not be read.
enum PlistFileError: Error {
    /// There is no file at the URL.
    case missingFile
    /// The file is a property list, but its root is not a dictionary.
    case notADictionary
}

/// A property-list file in the app's Documents folder: `Documents/<name>.plist`.
struct PlistFile {
    /// Where the file lives.
    let url: URL

    init(name: String) {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        url = documents.appendingPathComponent(name).appendingPathExtension("plist")
    }

    /// Writes `values` in `format` (`.xml` or `.binary`), replacing the file if there is one.
    func write(_ values: [String: Any], format: PropertyListSerialization.PropertyListFormat) throws {
        let data = try PropertyListSerialization.data(fromPropertyList: values, format: format, options: 0)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        if FileManager.default.fileExists(atPath: url.path) {
            try data.write(to: url, options: .atomic)   // an old file to protect
        } else {
            try data.write(to: url)                     // nothing to lose yet: a plain write
        }
    }

    /// The dictionary stored in the file, and the format the parser found it in.
    func read() throws -> (values: [String: Any], format: PropertyListSerialization.PropertyListFormat) {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw PlistFileError.missingFile
        }
        let data = try Data(contentsOf: url)
        var format = PropertyListSerialization.PropertyListFormat.xml
        let root = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        guard let values = root as? [String: Any] else {
            throw PlistFileError.notADictionary
        }
        return (values, format)
    }
}
