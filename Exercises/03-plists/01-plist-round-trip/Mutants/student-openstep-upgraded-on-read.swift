// Mutant: read() of a file in the old OpenStep format rewrites it on the spot as an XML property list ("upgrade old files"), so the first read reports .openStep but the file is no longer the one that was there: reading it again (or after a relaunch) reports .xml, and Documents/<name>.plist has been changed by a read
// Hint: A read should never write: an old OpenStep file must still be an OpenStep file after you read it.
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
        // OpenStep can be read but not written (and Linux Foundation traps when asked to):
        // refuse it before anything touches the disk.
        guard format == .xml || format == .binary else {
            throw CocoaError(.propertyListWriteInvalid)
        }
        // Serialize first: a value that is not a property list throws here, and the file on
        // disk has not been touched.
        let bytes = try PropertyListSerialization.data(fromPropertyList: values, format: format, options: 0)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        // Atomic: the bytes go to a temporary file that is then renamed over the old one.
        try bytes.write(to: url, options: .atomic)
    }

    /// The dictionary stored in the file, and the format the parser found it in.
    func read() throws -> (values: [String: Any], format: PropertyListSerialization.PropertyListFormat) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
              !isDirectory.boolValue else {
            throw PlistFileError.missingFile
        }
        let bytes: Data
        do {
            bytes = try Data(contentsOf: url)
        } catch CocoaError.fileReadNoSuchFile {
            // Removed between the check and the read.
            throw PlistFileError.missingFile
        }
        var detected = PropertyListSerialization.PropertyListFormat.binary
        // Damaged bytes: the parser's own error goes through untouched.
        let root = try PropertyListSerialization.propertyList(from: bytes, options: [], format: &detected)
        guard let values = root as? [String: Any] else {
            throw PlistFileError.notADictionary
        }
        if detected == .openStep {
            // OpenStep can be read but never written: upgrade the old file to XML right away, so
            // the app only ever has XML and binary files to deal with from now on.
            try write(values, format: .xml)
        }
        return (values, detected)
    }
}
