// Mutant: write(_:format:) cuts every Date, at any depth, to a whole second before serializing ("an XML <date> keeps whole seconds only, so both formats should give the same dates back"), so a date such as 1_700_000_000.25 written in .binary comes back (and sits in the file) as 1_700_000_000 instead of unchanged
// Hint: A binary property list keeps a date's fraction of a second, so a date written there must be handed to the serializer exactly as the caller gave it.
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
        url = documents.appendingPathComponent(name + ".plist")
    }

    /// Writes `values` in `format` (`.xml` or `.binary`), replacing the file if there is one.
    func write(_ values: [String: Any], format: PropertyListSerialization.PropertyListFormat) throws {
        guard format != .openStep else {
            // OpenStep can be read but not written (and asking for it crashes on Linux).
            throw CocoaError(.propertyListWriteInvalid)
        }
        // Serialize first: a value that is not a property list throws here, before the
        // file is touched, so the old file stays as it was.
        // An XML <date> keeps whole seconds only; cut every date to whole seconds in both
        // formats, so that a file gives the same dates back whichever format it was written in.
        let data = try PropertyListSerialization.data(fromPropertyList: wholeSeconds(values), format: format, options: 0)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        // Atomic: the bytes go to a scratch file that replaces the old one in one step.
        try data.write(to: url, options: .atomic)
    }

    /// `value` with every date in it, at any depth, cut to a whole second.
    private func wholeSeconds(_ value: Any) -> Any {
        if let date = value as? Date {
            return Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        }
        if let dictionary = value as? [String: Any] {
            return dictionary.mapValues { wholeSeconds($0) }
        }
        if let array = value as? [Any] {
            return array.map { wholeSeconds($0) }
        }
        return value
    }

    /// The dictionary stored in the file, and the format the parser found it in.
    func read() throws -> (values: [String: Any], format: PropertyListSerialization.PropertyListFormat) {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw PlistFileError.missingFile
        }
        let data = try Data(contentsOf: url)
        var detected = PropertyListSerialization.PropertyListFormat.binary
        // The parser's own error comes through for bytes that are not a property list.
        let root = try PropertyListSerialization.propertyList(from: data, options: [], format: &detected)
        guard let values = root as? [String: Any] else {
            throw PlistFileError.notADictionary
        }
        return (values, detected)
    }
}
