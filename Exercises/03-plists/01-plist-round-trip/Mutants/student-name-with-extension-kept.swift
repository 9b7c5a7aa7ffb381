// Mutant: init(name:) adds ".plist" only when the name does not already end with it, so PlistFile(name: "car.plist") points at Documents/car.plist instead of Documents/car.plist.plist (and "car" and "car.plist" share one file)
// Hint: The file is always <name>.plist, whatever the name holds.
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
        // Do not end up with "car.plist.plist" when the caller already gave the extension.
        let fileName = name.hasSuffix(".plist") ? name : name + ".plist"
        url = documents.appendingPathComponent(fileName)
    }

    /// Writes `values` in `format` (`.xml` or `.binary`), replacing the file if there is one.
    func write(_ values: [String: Any], format: PropertyListSerialization.PropertyListFormat) throws {
        let data = try PropertyListSerialization.data(fromPropertyList: values, format: format, options: 0)
        try data.write(to: url, options: .atomic)
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
