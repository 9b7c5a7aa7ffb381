import Foundation

/// An error thrown by learner code, described so that it can be compared without its message.
public struct ThrownError: Codable, Hashable, Sendable {
    /// The error's type without its module, such as `CarError` or `DecodingError`.
    public var type: String
    /// The enum case (or, for other errors, a stable code), such as `keyNotFound`.
    public var `case`: String
    /// The error's description: shown to the learner, never compared.
    public var description: String
    /// For `DecodingError` and `EncodingError`, where in the document it happened: keys joined
    /// with dots and indices in brackets, such as `people[1].email` (empty at the top level).
    public var codingPath: String?
    /// An enum case's associated values: the value itself when there is one (`notFound(7)` → 7),
    /// an object when they are labelled (`tooLong(count: 3, limit: 2)`), an array otherwise.
    /// Nil when the case has none, and for errors that are not enums.
    public var values: JSONValue?
    /// The error's code, for Cocoa errors and other `NSError`s (`fileNoSuchFile` → 4).
    public var code: Int?

    public init(type: String, case: String, description: String, codingPath: String? = nil,
                values: JSONValue? = nil, code: Int? = nil) {
        self.type = type
        self.case = `case`
        self.description = description
        self.codingPath = codingPath
        self.values = values
        self.code = code
    }

    /// Describes any Swift error by its type and case.
    ///
    /// Enum errors give their case name (`keyNotFound`); Cocoa-domain errors, whether thrown as
    /// `CocoaError` or `NSError`, are `CocoaError` with the code's name (`fileNoSuchFile`); other
    /// `NSError`s give their domain and code, and other types the text of `String(describing:)`.
    public init(describing error: Error) {
        if let cocoa = CocoaErrorNames.caseName(of: error) {
            type = "CocoaError"
            `case` = cocoa
        } else {
            type = Self.typeName(of: error)
            `case` = Self.caseName(of: error)
        }
        description = Self.describe(error)
        codingPath = Self.codingPath(of: error).map(Self.render(codingPath:))
        if !(error is DecodingError || error is EncodingError) {
            values = Self.associatedValues(of: error)
        }
        if CocoaErrorNames.caseName(of: error) != nil || error is CustomNSError || Swift.type(of: error) == NSError.self {
            code = (error as NSError).code
        }
    }

    /// The associated values of an enum error's case, as JSON.
    static func associatedValues(of error: Error) -> JSONValue? {
        let mirror = Mirror(reflecting: error)
        guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else { return nil }
        return json(payload, depth: 0)
    }

    /// A payload as JSON: numbers, strings and booleans as themselves, tuples as objects (when
    /// labelled) or arrays, collections as arrays, and anything else by its description.
    static func json(_ value: Any, depth: Int) -> JSONValue {
        switch value {
        case let bool as Bool: return .bool(bool)
        case let int as Int: return .int(int)
        case let int as Int64: return .int(Int(int))
        case let int as Int32: return .int(Int(int))
        case let double as Double: return .double(double)
        case let float as Float: return .double(Double(float))
        case let string as String: return .string(string)
        case let url as URL: return .string(url.path)
        default: break
        }
        let mirror = Mirror(reflecting: value)
        guard depth < 8 else { return .string(String(describing: value)) }
        switch mirror.displayStyle {
        case .tuple:
            let children = Array(mirror.children)
            // An unlabelled tuple's children are named ".0", ".1"…
            if children.allSatisfy({ $0.label.map { !$0.hasPrefix(".") } ?? false }) {
                var object: [String: JSONValue] = [:]
                for child in children { object[child.label!] = json(child.value, depth: depth + 1) }
                return .object(object)
            }
            return .array(children.map { json($0.value, depth: depth + 1) })
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return .null }
            return json(wrapped, depth: depth + 1)
        case .collection, .set:
            return .array(mirror.children.map { json($0.value, depth: depth + 1) })
        default:
            return .string(String(describing: value))
        }
    }

    static func codingPath(of error: Error) -> [CodingKey]? {
        if let decoding = error as? DecodingError {
            switch decoding {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                return context.codingPath
            case .keyNotFound(let key, let context):
                return context.codingPath + [key]
            @unknown default:
                return nil
            }
        }
        if let encoding = error as? EncodingError {
            switch encoding {
            case .invalidValue(_, let context): return context.codingPath
            @unknown default: return nil
            }
        }
        return nil
    }

    /// `people[1].email`: keys joined with dots, array indices in brackets.
    public static func render(codingPath: [CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            // Array positions are keys named "Index N"; a dictionary key "3" also has an intValue
            // but is a name, written as one.
            if let index = key.intValue, key.stringValue == "Index \(index)" {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    static func typeName(of error: Error) -> String {
        let full = String(reflecting: Swift.type(of: error))
        // Drop the module ("App.CarError" → "CarError", "Swift.DecodingError" → "DecodingError").
        guard let dot = full.firstIndex(of: ".") else { return full }
        return String(full[full.index(after: dot)...])
    }

    static func caseName(of error: Error) -> String {
        let mirror = Mirror(reflecting: error)
        if mirror.displayStyle == .enum {
            if let label = mirror.children.first?.label { return label }
            return String(describing: error)
        }
        if let ns = error as? CustomNSError {
            return "\(Swift.type(of: ns).errorDomain).\(ns.errorCode)"
        }
        if Swift.type(of: error) == NSError.self {
            let ns = error as NSError
            return "\(ns.domain).\(ns.code)"
        }
        return String(describing: error)
    }

    static func describe(_ error: Error) -> String {
        if let localized = error as? LocalizedError, let text = localized.errorDescription {
            return text
        }
        return String(describing: error)
    }
}
