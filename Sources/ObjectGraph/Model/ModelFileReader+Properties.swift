import Foundation
import Yams

/// Attributes and relationships of a model file.
extension ModelFileReader {
    static let attributeTypes: [(name: String, type: AttributeType)] = [
        ("integer16", .integer16), ("integer32", .integer32), ("integer64", .integer64), ("double", .double),
        ("boolean", .boolean), ("string", .string), ("date", .date), ("binary", .binaryData),
        ("transformable", .transformable(name: "")),
    ]

    static let attributeFields = [
        "type", "optional", "default", "min", "max", "min_length", "max_length", "pattern", "min_date", "max_date",
        "value_type", "renaming_id",
    ]

    /// The fields that apply to some types only, with the types they apply to, as problems name them.
    static let typeSpecificFields: [String: (types: String, applies: (AttributeType) -> Bool)] = [
        "min": ("numeric", \.isNumeric), "max": ("numeric", \.isNumeric),
        "min_length": ("string", { $0 == .string }), "max_length": ("string", { $0 == .string }),
        "pattern": ("string", { $0 == .string }),
        "min_date": ("date", { $0 == .date }), "max_date": ("date", { $0 == .date }),
        "value_type": ("transformable", \.isTransformable),
    ]

    static let relationshipFields = [
        "destination", "inverse", "to_many", "delete_rule", "optional", "min_count", "max_count", "renaming_id",
    ]

    /// Delete rules as files spell them.
    static let deleteRules: [(name: String, rule: DeleteRule)] = [
        ("nullify", .nullify), ("cascade", .cascade), ("deny", .deny), ("no_action", .noAction),
    ]

    /// An attribute, from `name: string` or `name: {type: string, …}`; nil when its type is wrong.
    mutating func readAttribute(_ entry: Entry) -> ModelFile.Attribute? {
        let typeNode: Node
        var typeField = entry.field + ".type"
        var fields: [Entry] = []
        switch entry.value {
        case .mapping:
            fields = mapping(entry.value, field: entry.field, expected: "a mapping") ?? []
            checkKeys(fields, known: Self.attributeFields)
            guard let type = fields.first(where: { $0.key == "type" }) else {
                report(entry.keyNode.mark, entry.field, "missing required field \"type\"; expected one of \(Self.typeNames)")
                return nil
            }
            typeNode = type.value
            typeField = type.field
        case .scalar where !isNull(entry.value):
            typeNode = entry.value
        default:
            report(entry.value.mark ?? entry.keyNode.mark, entry.field,
                   "expected a type such as `string` or a mapping such as `{type: string, optional: false}`, found \(describe(entry.value))")
            return nil
        }
        guard let typeName = text(typeNode, field: typeField, expected: "an attribute type") else { return nil }
        guard var type = Self.attributeTypes.first(where: { $0.name == typeName })?.type else {
            report(typeNode.mark, typeField, "unknown type \"\(typeName)\"; expected one of \(Self.typeNames)")
            return nil
        }

        if case .transformable = type {
            guard let valueType = fields.first(where: { $0.key == "value_type" }) else {
                report(entry.keyNode.mark, entry.field,
                       "missing required field \"value_type\": a transformable attribute names the Codable type it holds, such as `{type: transformable, value_type: TagList}`")
                return nil
            }
            guard let name = text(valueType.value, field: valueType.field, expected: "a type's name") else { return nil }
            // Left out of the model once reported here, so the model does not report it again.
            guard TransformableTypes.coder(named: name) != nil else {
                report(valueType.value.mark, valueType.field,
                       "the type \(name) is not registered; call TransformableTypes.register(\(name).self) before loading the model file")
                return nil
            }
            type = .transformable(name: name)
        }

        var attribute = ModelFile.Attribute(name: entry.key, location: entry.location, type: type)
        var bounds: [String: Entry] = [:]
        for field in fields {
            if let specific = Self.typeSpecificFields[field.key], !specific.applies(type) {
                report(field.keyNode.mark, field.field, "\(field.key) applies to \(specific.types) attributes only, not \(typeName)")
                continue
            }
            switch field.key {
            case "optional":
                attribute.isOptional = bool(field.value, field: field.field) ?? true
            case "default":
                attribute.defaultValue = defaultValue(field.value, type: type, field: field.field)
            case "min":
                attribute.minValue = number(field.value, field: field.field)
            case "max":
                attribute.maxValue = number(field.value, field: field.field)
            case "min_length":
                attribute.minLength = count(field.value, field: field.field)
            case "max_length":
                attribute.maxLength = count(field.value, field: field.field)
            case "pattern":
                attribute.pattern = pattern(field.value, field: field.field)
            case "min_date":
                attribute.minDate = date(field.value, field: field.field)
            case "max_date":
                attribute.maxDate = date(field.value, field: field.field)
            case "renaming_id":
                attribute.renamingIdentifier = text(field.value, field: field.field, expected: "the attribute's previous name")
            default:
                break
            }
            bounds[field.key] = field
        }
        if let min = attribute.minValue, let max = attribute.maxValue, min > max, let entry = bounds["max"] {
            report(entry.value.mark, entry.field, "max \(Self.format(max)) is less than min \(Self.format(min))")
        }
        if let min = attribute.minLength, let max = attribute.maxLength, min > max, let entry = bounds["max_length"] {
            report(entry.value.mark, entry.field, "max_length \(max) is less than min_length \(min)")
        }
        if let min = attribute.minDate, let max = attribute.maxDate, min > max, let entry = bounds["max_date"] {
            report(entry.value.mark, entry.field, "max_date is earlier than min_date")
        }
        return attribute
    }

    /// A relationship, from `name: {destination: Entity, …}`; nil without a destination.
    mutating func readRelationship(_ entry: Entry) -> ModelFile.Relationship? {
        guard let fields = mapping(entry.value, field: entry.field, expected: "a mapping such as `{destination: Car, inverse: owner}`") else {
            return nil
        }
        checkKeys(fields, known: Self.relationshipFields)
        guard let destinationEntry = fields.first(where: { $0.key == "destination" }) else {
            report(entry.keyNode.mark, entry.field, "missing required field \"destination\", the entity at the other end")
            return nil
        }
        guard let destination = text(destinationEntry.value, field: destinationEntry.field, expected: "an entity's name") else {
            return nil
        }
        var relationship = ModelFile.Relationship(name: entry.key, location: entry.location, destination: destination)
        var given: [String: Entry] = [:]
        for field in fields {
            switch field.key {
            case "inverse":
                relationship.inverse = text(field.value, field: field.field, expected: "a relationship's name")
            case "to_many":
                relationship.toMany = bool(field.value, field: field.field) ?? false
            case "delete_rule":
                relationship.deleteRule = deleteRule(field.value, field: field.field) ?? .nullify
            case "optional":
                relationship.isOptional = bool(field.value, field: field.field) ?? true
            case "min_count":
                relationship.minCount = count(field.value, field: field.field) ?? 0
            case "max_count":
                relationship.maxCount = count(field.value, field: field.field)
            case "renaming_id":
                relationship.renamingIdentifier = text(field.value, field: field.field, expected: "the relationship's previous name")
            default:
                break
            }
            given[field.key] = field
        }
        // Core Data makes a relationship to-many exactly when its maximum is not 1, so a
        // maximum that contradicts `to_many` would silently change the relationship's kind.
        if let max = relationship.maxCount, let entry = given["max_count"] {
            if relationship.toMany, max == 1 {
                report(entry.value.mark, entry.field, "max_count 1 makes the relationship to-one; remove to_many: true or allow more objects")
            } else if !relationship.toMany, max != 1 {
                report(entry.value.mark, entry.field, "a to-one relationship holds at most 1 object; add to_many: true to hold more")
            } else if max > 0, relationship.minCount > max {
                report(entry.value.mark, entry.field, "max_count \(max) is less than min_count \(relationship.minCount)")
            }
        } else if !relationship.toMany, relationship.minCount > 1, let entry = given["min_count"] {
            report(entry.value.mark, entry.field, "a to-one relationship holds at most 1 object; add to_many: true to require more")
        }
        return relationship
    }

    private static var typeNames: String { attributeTypes.map(\.name).joined(separator: ", ") }

    /// A bound printed as written: `18`, not `18.0`.
    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// A default converted to the attribute's Swift type, or nil (reported) when it cannot be.
    private mutating func defaultValue(_ node: Node, type: AttributeType, field: String) -> Any? {
        if isNull(node) { return nil }
        switch type {
        case .integer16, .integer32, .integer64:
            guard let value = integer(node, field: field) else { return nil }
            guard let range = type.integerRange, range.contains(Int64(value)) else {
                let range = type.integerRange.map { " (\($0.lowerBound)...\($0.upperBound))" } ?? ""
                report(node.mark, field, "\(value) does not fit in \(type)\(range)")
                return nil
            }
            switch type {
            case .integer16: return Int16(value)
            case .integer32: return Int32(value)
            default: return Int64(value)
            }
        case .double:
            return number(node, field: field)
        case .boolean:
            return bool(node, field: field)
        case .string:
            return text(node, field: field, expected: "a string")
        case .date:
            return date(node, field: field)
        case .binaryData:
            guard let text = text(node, field: field, expected: "base64 text") else { return nil }
            guard let data = Data(base64Encoded: text) else {
                report(node.mark, field, "expected base64 text for a binary default, found \(describe(node))")
                return nil
            }
            return data
        case .transformable:
            report(node.mark, field, "a transformable attribute has no default in a model file; give new objects their value in code")
            return nil
        }
    }

    /// A length or count: a whole number, 0 or more.
    private mutating func count(_ node: Node, field: String) -> Int? {
        guard let value = integer(node, field: field) else { return nil }
        guard value >= 0 else {
            report(node.mark, field, "expected 0 or more, found \(value)")
            return nil
        }
        return value
    }

    private mutating func pattern(_ node: Node, field: String) -> String? {
        guard let text = text(node, field: field, expected: "a regular expression") else { return nil }
        do {
            _ = try NSRegularExpression(pattern: text)
            return text
        } catch {
            report(node.mark, field, "\"\(text)\" is not a valid regular expression; check its brackets and escapes")
            return nil
        }
    }

    private mutating func deleteRule(_ node: Node, field: String) -> DeleteRule? {
        guard let name = text(node, field: field, expected: "a delete rule") else { return nil }
        if let rule = Self.deleteRules.first(where: { $0.name == name })?.rule { return rule }
        report(node.mark, field, "unknown delete rule \"\(name)\"; expected one of \(Self.deleteRules.map(\.name).joined(separator: ", "))")
        return nil
    }
}
