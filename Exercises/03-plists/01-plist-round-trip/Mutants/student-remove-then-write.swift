// Mutant: deletes the old file before saving "so the new one replaces it cleanly", so a write whose values are not a property list loses the old file, and a kill between the delete and the write leaves no file at all
// Hint: Deleting the old file before the new bytes are ready loses it when the write fails (a value that is not a property list), and a kill between the two steps leaves no file at all. Check that the old file stays until the new one replaces it in one step.
import Foundation

enum PlistFileError: Error {
    case missingFile
    case notADictionary
}

struct PlistFile {
    let url: URL

    init(name: String) {
        let docs = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first!
        url = docs.appendingPathComponent("\(name).plist")
    }

    func write(_ values: [String: Any], format: PropertyListSerialization.PropertyListFormat) throws {
        let fm = FileManager.default
        // start from a clean slate
        if fm.fileExists(atPath: url.path) {
            try fm.removeItem(at: url)
        }
        let bytes = try PropertyListSerialization.data(fromPropertyList: values, format: format, options: 0)
        try bytes.write(to: url, options: .atomic)
    }

    func read() throws -> (values: [String: Any], format: PropertyListSerialization.PropertyListFormat) {
        if !FileManager.default.fileExists(atPath: url.path) {
            throw PlistFileError.missingFile
        }
        let bytes = try Data(contentsOf: url)
        var detected = PropertyListSerialization.PropertyListFormat.binary
        let object = try PropertyListSerialization.propertyList(from: bytes, options: [], format: &detected)
        if let dict = object as? [String: Any] {
            return (values: dict, format: detected)
        }
        throw PlistFileError.notADictionary
    }
}
