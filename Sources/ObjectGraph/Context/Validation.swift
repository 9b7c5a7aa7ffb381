import Foundation

// Validation at save, with Core Data's codes and user info.
extension ManagedObjectContext {
    /// Every rule broken by the objects this save would write.
    func validationErrors() -> [NSError] {
        var errors: [NSError] = []
        // Entities are few: whether one has rules at all is decided once per save, so that a bulk
        // insert of objects without rules checks nothing per object.
        var checked: [(entity: EntityDescription, hasRules: Bool)] = []
        func validate(_ object: ManagedObject) {
            let hasRules: Bool
            if let known = checked.first(where: { $0.entity === object.entity }) {
                hasRules = known.hasRules
            } else {
                hasRules = Validator.hasRules(object.entity)
                checked.append((object.entity, hasRules))
            }
            if hasRules { errors += Validator.errors(inserting: object) }
        }
        for object in insertedSet { validate(object) }
        for object in updatedSet { validate(object) }
        for object in deletedSet { errors += Validator.errors(deleting: object) }
        // In the objects' order, so that messages come out the same way every time.
        func key(_ error: NSError) -> Int64 { (error.userInfo[ValidationObjectErrorKey] as? ManagedObject)?.objectID.primaryKey ?? 0 }
        return errors.enumerated().sorted { (key($0.element), $0.offset) < (key($1.element), $1.offset) }.map(\.element)
    }
}

extension ManagedObject {
    /// Throws the first problem that would stop this object being saved as an insert.
    public func validateForInsert() throws {
        if let error = Validator.errors(inserting: self).first { throw error }
    }

    /// Throws the first problem that would stop this object being saved as a change.
    public func validateForUpdate() throws { try validateForInsert() }

    /// Throws if a `deny` relationship still holds objects (error 1600).
    public func validateForDelete() throws {
        if let error = Validator.errors(deleting: self).first { throw error }
    }
}

enum Validator {
    /// Whether an object of `entity` could break a rule: a required property, a value rule, or a
    /// to-many relationship with bounds.
    static func hasRules(_ entity: EntityDescription) -> Bool {
        entity.attributes.contains { !$0.isOptional || $0.hasValueRules } || entity.relationships.contains(where: needsCheck)
    }

    /// An optional to-many relationship without bounds, or an optional to-one relationship, has
    /// nothing to check; loading a to-many one would cost a query per object.
    private static func needsCheck(_ relationship: RelationshipDescription) -> Bool {
        if relationship.isToMany { return !relationship.isOptional || relationship.minCount > 0 || relationship.maxCount > 0 }
        return !relationship.isOptional
    }

    static func errors(inserting object: ManagedObject) -> [NSError] {
        object.fireFault()
        var errors: [NSError] = []
        for attribute in object.entity.attributes {
            let found = check(attribute, object.values[attribute.index], of: object)
            if !found.isEmpty { errors += found }
        }
        for relationship in object.entity.relationships where needsCheck(relationship) {
            let key = relationship.name
            if relationship.isToMany {
                let count = object.relatedIDs(relationship).count
                if count == 0 && !relationship.isOptional {
                    errors.append(error(.validationRelationshipLacksMinimumCount, object, key, nil, "\(key) must hold at least one object."))
                } else if count > 0, relationship.minCount > 0, count < relationship.minCount {
                    errors.append(error(.validationRelationshipLacksMinimumCount, object, key, nil,
                        "\(key) holds \(plural(count, "object")); at least \(relationship.minCount) are needed."))
                }
                if relationship.maxCount > 0, count > relationship.maxCount {
                    errors.append(error(.validationRelationshipExceedsMaximumCount, object, key, nil,
                        "\(key) holds \(count) objects; at most \(relationship.maxCount) are allowed."))
                }
            } else if object.values[relationship.index] == nil, !relationship.isOptional {
                errors.append(error(.validationMissingMandatoryProperty, object, key, nil, "\(key) is a required value."))
            }
        }
        return errors
    }

    static func errors(deleting object: ManagedObject) -> [NSError] {
        object.entity.relationships.compactMap { relationship in
            guard relationship.deleteRule == .deny else { return nil }
            let count = relationship.isToMany ? object.relatedIDs(relationship).count : (object.toOne(relationship) == nil ? 0 : 1)
            guard count > 0 else { return nil }
            return error(.validationRelationshipDeniedDelete, object, relationship.name, nil,
                "\(object.entity.name) cannot be deleted while \(relationship.name) holds \(count) object\(count == 1 ? "" : "s") (delete rule: deny).")
        }
    }

    private static func check(_ attribute: AttributeDescription, _ value: Any?, of object: ManagedObject) -> [NSError] {
        let key = attribute.name
        guard let value else {
            return attribute.isOptional ? [] : [error(.validationMissingMandatoryProperty, object, key, nil, "\(key) is a required value.")]
        }
        guard attribute.hasValueRules else { return [] }
        var errors: [NSError] = []
        if attribute.attributeType.isNumeric, let number = AttributeValues.double(value) {
            if let min = attribute.minValue, number < min {
                errors.append(error(.validationNumberTooSmall, object, key, value, "\(key) is \(value), less than the minimum of \(format(min))."))
            }
            if let max = attribute.maxValue, number > max {
                errors.append(error(.validationNumberTooLarge, object, key, value, "\(key) is \(value), more than the maximum of \(format(max))."))
            }
        }
        if let date = value as? Date {
            if let min = attribute.minDate, date < min {
                errors.append(error(.validationDateTooSoon, object, key, value, "\(key) is \(date), before the earliest allowed \(min)."))
            }
            if let max = attribute.maxDate, date > max {
                errors.append(error(.validationDateTooLate, object, key, value, "\(key) is \(date), after the latest allowed \(max)."))
            }
        }
        if let string = value as? String {
            if let min = attribute.minLength, string.count < min {
                errors.append(error(.validationStringTooShort, object, key, value, "\(key) \"\(string)\" is too short: at least \(plural(min, "character"))."))
            }
            if let max = attribute.maxLength, string.count > max {
                errors.append(error(.validationStringTooLong, object, key, value, "\(key) is too long: \(plural(string.count, "character")), at most \(max)."))
            }
            if let pattern = attribute.regularExpression, !matches(string, pattern) {
                errors.append(error(.validationStringPatternMatching, object, key, value, "\(key) \"\(string)\" does not match the pattern \(pattern)."))
            }
        }
        return errors
    }

    private static let patternCache = NSCache<NSString, NSRegularExpression>()

    private static func matches(_ string: String, _ pattern: String) -> Bool {
        let regex: NSRegularExpression
        if let cached = patternCache.object(forKey: pattern as NSString) {
            regex = cached
        } else {
            guard (try? NSRegularExpression(pattern: pattern)) != nil,
                let compiled = try? NSRegularExpression(pattern: "^(?:\(pattern))$")
            else { return false }
            patternCache.setObject(compiled, forKey: pattern as NSString)
            regex = compiled
        }
        let range = NSRange(string.startIndex..., in: string)
        return regex.firstMatch(in: string, range: range) != nil
    }

    private static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    private static func format(_ number: Double) -> String {
        number.rounded() == number ? String(Int64(number)) : String(number)
    }

    private static func error(_ code: CocoaError.Code, _ object: ManagedObject, _ key: String, _ value: Any?, _ message: String) -> NSError {
        var info: [String: Any] = [ValidationObjectErrorKey: object, ValidationKeyErrorKey: key]
        if let value { info[ValidationValueErrorKey] = value }
        return CoreDataError.make(code, "\(object.entity.name): \(message)", info)
    }
}
