// Mutant: read() rewrites an XML file as a binary one after reading it ("binary is faster"), so the file changes format behind the caller
// Hint: A read only reads: an XML file must still be the same XML file after you read it.
import Foundation

/// Why a property-list file could not be read.
enum PlistFileError: Error {
    /// There is no file at the URL.
    case missingFile
    /// The file is a property list, but its root is not a dictionary.
    case notADictionary
}

/// A property-list file in the app's Documents folder: `Documents/<name>.plist`.
///
/// Writing is two steps, serialize then save; reading is the same two steps reversed.
/// Keeping them apart means each failure keeps its own error: a value that is not a
/// property list, a missing file, bytes that are not a property list.
struct PlistFile {
    /// Where the file lives.
    let url: URL

    init(name: String) {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        url = documents.appendingPathComponent(name).appendingPathExtension("plist")
    }

    /// Writes `values` in `format` (`.xml` or `.binary`), replacing the file if there is one.
    ///
    /// A value that is not a property list makes the serialization throw before anything is
    /// written, and the atomic write never leaves half a file: either way the old file stays.
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
        // The parser detects the format by itself and reports it here; the starting value
        // is only overwritten.
        var format = PropertyListSerialization.PropertyListFormat.xml
        let root = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        guard let values = root as? [String: Any] else {
            throw PlistFileError.notADictionary
        }
        if format == .xml,
           let binary = try? PropertyListSerialization.data(fromPropertyList: values, format: .binary, options: 0) {
            try? binary.write(to: url, options: .atomic)
        }
        return (values, format)
    }
}
