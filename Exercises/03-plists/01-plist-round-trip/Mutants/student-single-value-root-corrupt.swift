// Mutant: read() throws notADictionary only when the root is an array; a file whose root is a single value (a lone <string> or <integer>) is taken for a damaged file and throws CocoaError(.propertyListReadCorrupt) instead
// Hint: A property list may hold a lone string or number at its root: that is a valid file whose root is not a dictionary, not a damaged one.
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
        url = documents.appendingPathComponent(name + ".plist", isDirectory: false)
    }

    /// Writes `values` in `format` (`.xml` or `.binary`), replacing the file if there is one.
    func write(_ values: [String: Any], format: PropertyListSerialization.PropertyListFormat) throws {
        // OpenStep cannot be written (and Linux's Foundation crashes when asked to): refuse it
        // before anything touches the file.
        guard format == .xml || format == .binary else {
            throw CocoaError(.propertyListWriteInvalid)
        }
        // Serialize first: a value that is not a property list throws here, and the file that
        // is there is not touched.
        let bytes = try PropertyListSerialization.data(fromPropertyList: values, format: format, options: 0)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        // Atomic: the bytes go to a temporary file that then replaces the old one in one step.
        try bytes.write(to: url, options: .atomic)
    }

    /// The dictionary stored in the file, and the format the parser found it in.
    func read() throws -> (values: [String: Any], format: PropertyListSerialization.PropertyListFormat) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
              !isDirectory.boolValue else {
            throw PlistFileError.missingFile
        }
        let bytes = try Data(contentsOf: url)
        var detected = PropertyListSerialization.PropertyListFormat.binary
        // Damaged bytes: the parser's own error goes through to the caller.
        let root = try PropertyListSerialization.propertyList(from: bytes, options: [], format: &detected)
        if root is [Any] {
            throw PlistFileError.notADictionary
        }
        // A property-list file holds a collection; a lone value means the file is damaged.
        guard let values = root as? [String: Any] else {
            throw CocoaError(.propertyListReadCorrupt)
        }
        return (values, detected)
    }
}
