import ExerciseKit
import Foundation

/// A generator as written in `exercise.yml`.
struct GeneratorFile: Decodable {
    var generator: ValueGenerator

    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, min, max, alphabet, charset
        case minLength = "min_length"
        case maxLength = "max_length"
        case of, keys, values, without, because
    }

    enum Kind: String, CaseIterable {
        case int, double, bool, string, date, optional, array, dictionary
        case oneOf = "one_of"
    }

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let typeName = try c.decode(String.self, forKey: .type)
        func fail(_ key: CodingKeys, _ message: String) -> Error {
            DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath + [key], debugDescription: message))
        }
        guard let kind = Kind(rawValue: typeName) else {
            throw fail(.type, "unknown generator '\(typeName)'; expected one of: \(Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var allowed: Set<CodingKeys> = []
        func lengths(defaultMax: Int) throws -> (Int, Int) {
            let low = try c.decodeIfPresent(Int.self, forKey: .minLength) ?? 0
            let high = try c.decodeIfPresent(Int.self, forKey: .maxLength) ?? max(low, defaultMax)
            guard low >= 0, low <= high else { throw fail(.maxLength, "need 0 ≤ min_length ≤ max_length") }
            guard high <= 10_000 else { throw fail(.maxLength, "at most 10000") }
            return (low, high)
        }
        /// The edge classes a generator draws from: all of `all` but those `without` names,
        /// which needs `because` (the statement's reason for ruling them out).
        func edgeClasses(_ all: Set<EdgeClass>, kind: String) throws -> Set<EdgeClass> {
            guard let names = try c.decodeIfPresent([String].self, forKey: .without) else {
                if c.contains(.because) { throw fail(.because, "`because` explains `without`, which this generator does not have") }
                return all
            }
            let choices = EdgeClass.allCases.filter(all.contains).map(\.rawValue)
            var left = all
            for name in names {
                guard let edge = EdgeClass(rawValue: name), all.contains(edge) else {
                    throw fail(.without, "unknown \(kind) edge '\(name)'; expected some of: \(choices.joined(separator: ", "))")
                }
                left.remove(edge)
            }
            let reason = try c.decodeIfPresent(String.self, forKey: .because)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if reason.isEmpty {
                throw fail(.without, "say why the statement rules these values out, in `because`, such as `because: the statement says names are letters only`")
            }
            return left
        }
        switch kind {
        case .int:
            allowed = [.type, .min, .max]
            let low = try c.decodeIfPresent(Int.self, forKey: .min) ?? -1000
            let high = try c.decodeIfPresent(Int.self, forKey: .max) ?? 1000
            guard low <= high else { throw fail(.max, "min must not be above max") }
            generator = .int(min: low, max: high)
        case .double:
            allowed = [.type, .min, .max]
            let low = try c.decodeIfPresent(Double.self, forKey: .min) ?? -1000
            let high = try c.decodeIfPresent(Double.self, forKey: .max) ?? 1000
            guard low.isFinite else { throw fail(.min, "a finite number, such as -1000") }
            guard high.isFinite else { throw fail(.max, "a finite number, such as 1000") }
            guard low <= high else { throw fail(.max, "min must not be above max") }
            // Numbers are drawn uniformly between the two: their distance must be a number too.
            guard (high - low).isFinite else {
                throw fail(.max, "max - min must be a finite number (at most about 1.8e308): narrow the range, such as -1e300 to 1e300")
            }
            generator = .double(min: low, max: high)
        case .bool:
            allowed = [.type]
            generator = .bool
        case .string:
            allowed = [.type, .alphabet, .charset, .minLength, .maxLength]
            var characters: [String]
            if let text = try c.decodeIfPresent(String.self, forKey: .alphabet) {
                if c.contains(.charset) { throw fail(.charset, "give either `alphabet` or `charset`, not both") }
                characters = Self.expand(alphabet: text)
                guard !characters.isEmpty else { throw fail(.alphabet, "an alphabet needs at least one character") }
            } else if let name = try c.decodeIfPresent(String.self, forKey: .charset) {
                guard let set = Charset(rawValue: name) else {
                    throw fail(.charset, "unknown charset '\(name)'; expected one of: \(Charset.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                characters = set.characters
            } else {
                characters = Charset.ascii.characters
            }
            let (low, high) = try lengths(defaultMax: 12)
            allowed.formUnion([.without, .because])
            let longest = c.contains(.maxLength) ? high : max(high, EdgeClass.unboundedLength)
            let edges = EdgeSet(classes: try edgeClasses(EdgeClass.strings, kind: "string"), longest: longest)
            generator = .string(alphabet: characters, minLength: low, maxLength: high, edges: edges)
        case .date:
            allowed = [.type, .min, .max]
            let low = try Self.date(c.decodeIfPresent(String.self, forKey: .min) ?? "1970-01-01") ?? { throw fail(.min, "write a date as 2024-05-17 or 2024-05-17T10:30:00Z") }()
            let high = try Self.date(c.decodeIfPresent(String.self, forKey: .max) ?? "2037-12-31") ?? { throw fail(.max, "write a date as 2024-05-17 or 2024-05-17T10:30:00Z") }()
            guard low <= high else { throw fail(.max, "min must not be after max") }
            allowed.formUnion([.without, .because])
            generator = .date(min: low, max: high, edges: EdgeSet(classes: try edgeClasses(EdgeClass.dates, kind: "date"), longest: 0))
        case .optional:
            allowed = [.type, .of]
            generator = .optional(try c.decode(GeneratorFile.self, forKey: .of).generator)
        case .array:
            allowed = [.type, .of, .minLength, .maxLength]
            let (low, high) = try lengths(defaultMax: 5)
            generator = .array(try c.decode(GeneratorFile.self, forKey: .of).generator, minLength: low, maxLength: high)
        case .dictionary:
            allowed = [.type, .keys, .of, .minLength, .maxLength]
            let keys = try c.decodeIfPresent(GeneratorFile.self, forKey: .keys)?.generator
                ?? .string(alphabet: Charset.letters.characters, minLength: 1, maxLength: 8,
                           edges: EdgeSet(classes: EdgeClass.strings, longest: 8))
            guard case .string = keys else { throw fail(.keys, "dictionary keys must come from a string generator") }
            let (low, high) = try lengths(defaultMax: 4)
            generator = .dictionary(keys: keys, values: try c.decode(GeneratorFile.self, forKey: .of).generator,
                                    minLength: low, maxLength: high)
        case .oneOf:
            allowed = [.type, .values]
            let values = try c.decode([YAMLValue].self, forKey: .values).map(\.value)
            guard !values.isEmpty else { throw fail(.values, "list at least one value") }
            generator = .oneOf(values)
        }
        for key in c.allKeys where !allowed.contains(key) {
            throw fail(key, "a \(typeName) generator has no '\(key.stringValue)'; it takes: \(CodingKeys.allCases.filter(allowed.contains).map(\.stringValue).joined(separator: ", "))")
        }
        // Lengths multiply through nested lists and dictionaries: bound what one value can hold.
        if generator.largestSize > ValueGenerator.sizeLimit {
            let key: CodingKeys = c.contains(.maxLength) ? .maxLength : c.contains(.of) ? .of : .type
            throw fail(key, "one value of this generator can hold \(generator.largestSize == .max ? "more than 10^18" : "\(generator.largestSize)") elements and characters; at most \(ValueGenerator.sizeLimit): lower max_length")
        }
    }

    /// `a-z0-9_` → the characters. `x-y` is an inclusive range only between two lowercase
    /// letters, two uppercase letters or two digits (`a-f`, `A-Z`, `0-9`); any other `-` is itself,
    /// so `_-é` is three characters, not everything from `_` to `é`.
    static func expand(alphabet: String) -> [String] {
        let characters = Array(alphabet)
        func sameClass(_ a: Character, _ b: Character) -> Bool {
            guard a.isASCII, b.isASCII else { return false }
            return (a.isLowercase && b.isLowercase) || (a.isUppercase && b.isUppercase) || (a.isNumber && b.isNumber)
        }
        var result: [String] = []
        var index = 0
        while index < characters.count {
            if index + 2 < characters.count, characters[index + 1] == "-", sameClass(characters[index], characters[index + 2]),
               let from = characters[index].unicodeScalars.first?.value,
               let to = characters[index + 2].unicodeScalars.first?.value, from <= to {
                result += (from...to).compactMap(Unicode.Scalar.init).map { String(Character($0)) }
                index += 3
            } else {
                result.append(String(characters[index]))
                index += 1
            }
        }
        var seen = Set<String>()
        return result.filter { seen.insert($0).inserted }
    }

    /// Seconds since 1970 for `2024-05-17` or a full ISO 8601 date-time.
    static func date(_ text: String) -> Int? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return Int(date.timeIntervalSince1970) }
        formatter.formatOptions = [.withFullDate]
        if let date = formatter.date(from: text) { return Int(date.timeIntervalSince1970) }
        return nil
    }
}
