// Mutant: a hand-written recursive check that looks only at the first element of an array, as if every array held one type, so [text, object] or [1, nil] passes
// Hint: An `[Any]` can mix types, so its first element says nothing about the others. Check every element of an array, not only the first.
import Foundation

func isPropertyList(_ value: Any) -> Bool {
    switch value {
    case is String, is NSString, is Bool, is Date, is NSDate, is Data, is NSData:
        return true
    case is Int, is Int8, is Int16, is Int32, is Int64, is UInt, is UInt8, is UInt16, is UInt32, is UInt64:
        return true
    case is Double, is Float, is NSNumber:
        return true
    case let dictionary as [String: Any]:
        for (_, item) in dictionary where !isPropertyList(item) {
            return false
        }
        return true
    case let array as [Any]:
        // Arrays hold one type, so the first element says it all.
        guard let first = array.first else { return true }
        return isPropertyList(first)
    default:
        return false
    }
}

func saveStorable(_ settings: [String: Any], to url: URL) throws -> [String] {
    var keep: [String: Any] = [:]
    var refused: [String] = []
    for (key, value) in settings {
        if isPropertyList(value) { keep[key] = value } else { refused.append(key) }
    }
    let data = try PropertyListSerialization.data(fromPropertyList: keep, format: .binary, options: 0)
    try data.write(to: url, options: .atomic)
    return refused.sorted()
}
