import Foundation

/// The type of an attribute, Core Data's `NSAttributeDescription.AttributeType`.
///
/// Values read back through `value(forKey:)` have the Swift type named here: `Int16`, `Int32`,
/// `Int64`, `Double`, `Bool`, `String`, `Date`, `Data`, or the transformable's own type.
public enum AttributeType: Equatable, CustomStringConvertible {
    case integer16, integer32, integer64, double, boolean, string, date, binaryData
    /// A value stored through its `Codable` conformance (Core Data's transformable attribute).
    /// The name identifies the type in model files and in a store's recorded model.
    case transformable(name: String)

    /// The name model files use: `integer16`, `string`, `transformable`…
    public var description: String {
        switch self {
        case .integer16: "integer16"
        case .integer32: "integer32"
        case .integer64: "integer64"
        case .double: "double"
        case .boolean: "boolean"
        case .string: "string"
        case .date: "date"
        case .binaryData: "binary"
        case .transformable(let name): "transformable(\(name))"
        }
    }

    var isInteger: Bool { self == .integer16 || self == .integer32 || self == .integer64 }
    var isNumeric: Bool { isInteger || self == .double }
    var isTransformable: Bool {
        if case .transformable = self { return true }
        return false
    }

    /// The range an integer attribute's type can hold.
    var integerRange: ClosedRange<Int64>? {
        switch self {
        case .integer16: Int64(Int16.min)...Int64(Int16.max)
        case .integer32: Int64(Int32.min)...Int64(Int32.max)
        case .integer64: Int64.min...Int64.max
        default: nil
        }
    }
}

/// A stored property holding a value: Core Data's `NSAttributeDescription`.
///
/// Validation rules (optionality, minimum and maximum, length, pattern) are checked when the
/// context saves, never in setters, with Core Data's error codes.
///
/// ```swift
/// let age = AttributeDescription(name: "age", type: .integer16, defaultValue: Int16(18))
/// age.minValue = 18
/// age.maxValue = 100
/// ```
public final class AttributeDescription: PropertyDescription {
    public var attributeType: AttributeType
    /// The value a newly inserted object starts with.
    public var defaultValue: Any? {
        didSet { entity?.updateInitialValues() }
    }
    /// Inclusive bounds for numbers (`minValue`/`maxValue`) and dates (`minDate`/`maxDate`).
    public var minValue: Double?
    public var maxValue: Double?
    public var minDate: Date?
    public var maxDate: Date?
    /// Inclusive bounds on a string's length, counted in characters.
    public var minLength: Int?
    public var maxLength: Int?
    /// A regular expression the whole string must match.
    public var regularExpression: String?

    /// Whether validation has anything to check on a non-nil value.
    var hasValueRules: Bool {
        minValue != nil || maxValue != nil || minDate != nil || maxDate != nil || minLength != nil || maxLength != nil
            || regularExpression != nil
    }

    public init(
        name: String, type: AttributeType, isOptional: Bool = true, defaultValue: Any? = nil,
        renamingIdentifier: String? = nil
    ) {
        self.attributeType = type
        self.defaultValue = defaultValue
        super.init(name: name, isOptional: isOptional, renamingIdentifier: renamingIdentifier)
    }

    /// An attribute holding a `Codable` value, stored as JSON.
    public convenience init<T: Codable>(name: String, transformable type: T.Type, isOptional: Bool = true) {
        let typeName = TransformableTypes.register(type)
        self.init(name: name, type: .transformable(name: typeName), isOptional: isOptional)
    }
}
