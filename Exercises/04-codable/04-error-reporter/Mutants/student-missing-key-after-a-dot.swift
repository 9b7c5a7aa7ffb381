// Mutant: appends the missing key to the finished path text with a dot (pathText(path) + "." + key), so a key missing at the top level reads "(top level).owner" instead of "owner"
// Hint: Adding the missing key to the finished path text goes wrong when the path is empty: the key then follows `(top level)` and a dot. Add the key to the list of keys before you turn it into text, so that the path's rules apply to it too.
import Foundation

func pathText(_ codingPath: [any CodingKey]) -> String {
    let text = codingPath.reduce("") { text, key in
        if let index = key.intValue { return text + "[\(index)]" }
        return text.isEmpty ? key.stringValue : text + "." + key.stringValue
    }
    return text.isEmpty ? "(top level)" : text
}

func report(_ error: DecodingError) -> String {
    let kind: String
    let place: String
    var reason: String? = nil
    switch error {
    case .keyNotFound(let key, let context):
        kind = "keyNotFound"
        place = pathText(context.codingPath) + "." + key.stringValue
    case .typeMismatch(let type, let context):
        kind = "typeMismatch"
        place = pathText(context.codingPath)
        reason = "expected \(type)"
    case .valueNotFound(let type, let context):
        kind = "valueNotFound"
        place = pathText(context.codingPath)
        reason = "expected \(type)"
    case .dataCorrupted(let context):
        kind = "dataCorrupted"
        place = pathText(context.codingPath)
        reason = context.debugDescription
    @unknown default:
        return "unknown error"
    }
    if let reason {
        return "\(kind): \(place): \(reason)"
    }
    return "\(kind): \(place)"
}
