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

    public init(type: String, case: String, description: String, codingPath: String? = nil) {
        self.type = type
        self.case = `case`
        self.description = description
        self.codingPath = codingPath
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
