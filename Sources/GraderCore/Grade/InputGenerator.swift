import ExerciseKit
import Foundation

/// Makes a randomized case's inputs, and simpler versions of a failing one.
enum InputGenerator {
    /// The `index`-th input of `spec`: one value per variable.
    static func input(_ spec: InputSpec, index: Int) -> [String: JSONValue] {
        var random = SeededRandom(seed: spec.seed, index: index)
        var input: [String: JSONValue] = [:]
        var earlier: [String] = []
        for (position, variable) in spec.variables.enumerated() {
            let forced = EdgeVocabulary.forcedClass(for: variable.generator, input: index, position: position)
            let made = value(variable.generator, earlier: earlier, forced: forced, using: &random)
            input[variable.name] = made
            earlier += strings(in: made)
        }
        return input
    }

    /// Every string a value holds, its keys included.
    static func strings(in value: JSONValue) -> [String] {
        switch value {
        case .string(let text): return [text]
        case .array(let items): return items.flatMap(strings(in:))
        case .object(let members): return members.keys.sorted() + members.keys.sorted().flatMap { strings(in: members[$0]!) }
        default: return []
        }
    }

    /// One value of `generator`. `earlier` holds the strings the input already has (other
    /// variables, earlier elements), which an edge draw may repeat or vary (`EdgeVocabulary`).
    /// `forced`, when given, is the edge class the value must have where the generator can make one.
    static func value(_ generator: ValueGenerator, earlier: [String] = [], forced: EdgeClass? = nil,
                      using random: inout SeededRandom) -> JSONValue {
        // One draw in eight is an edge of the range, where bugs live.
        let edge = Int.random(in: 0..<8, using: &random) == 0
        switch generator {
        case .int(let low, let high):
            if edge { return .int([low, high, 0, 1, -1].map { min(max($0, low), high) }.randomElement(using: &random)!) }
            return .int(Int.random(in: low...high, using: &random))
        case .double(let low, let high):
            // The ends, 0, −1, a whole number and a fraction.
            if edge { return .double([low, high, 0, -1, 2, 0.5].map { min(max($0, low), high) }.randomElement(using: &random)!) }
            return .double(Double.random(in: low...high, using: &random))
        case .bool:
            return .bool(Bool.random(using: &random))
        case .string(let alphabet, let minLength, let maxLength, let edges):
            if let edges, forced != nil || Int.random(in: 0..<EdgeVocabulary.share, using: &random) == 0,
               let text = EdgeVocabulary.string(alphabet: alphabet, minLength: minLength, maxLength: maxLength,
                                                edges: edges, earlier: earlier, only: forced, using: &random) {
                return .string(text)
            }
            let length = edge ? [minLength, maxLength].randomElement(using: &random)!
                : Int.random(in: minLength...maxLength, using: &random)
            return .string((0..<length).map { _ in alphabet.randomElement(using: &random)! }.joined())
        case .date(let low, let high, let edges):
            if let edges, forced != nil || Int.random(in: 0..<EdgeVocabulary.share, using: &random) == 0,
               let moment = EdgeVocabulary.date(low: low, high: high, edges: edges.classes, only: forced, using: &random) {
                return .string(isoText(moment))
            }
            return .string(isoText(Int.random(in: low...high, using: &random)))
        case .optional(let wrapped):
            if Int.random(in: 0..<4, using: &random) == 0, forced == nil { return .null }
            return value(wrapped, earlier: earlier, forced: forced, using: &random)
        case .array(let element, let minLength, let maxLength):
            let length = Int.random(in: minLength...maxLength, using: &random)
            var items: [JSONValue] = []
            var seen = earlier
            for _ in 0..<length {
                let item = value(element, earlier: seen, using: &random)
                items.append(item)
                seen += strings(in: item)
            }
            return .array(items)
        case .dictionary(let keys, let values, let minLength, let maxLength):
            let length = Int.random(in: minLength...maxLength, using: &random)
            var members: [String: JSONValue] = [:]
            var order: [String] = []
            var attempts = 0
            while members.count < length && attempts < length * 10 {
                attempts += 1
                // Earlier keys count for edges: a key in the other case, padded, accented.
                if let key = value(keys, earlier: order, using: &random).stringValue {
                    if members[key] == nil { order.append(key) }
                    members[key] = value(values, earlier: earlier, using: &random)
                }
            }
            return .object(members)
        case .oneOf(let choices):
            return choices.randomElement(using: &random)!
        }
    }

    static func isoText(_ seconds: Int) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// Simpler values than `value` that `generator` could also have made, simplest first.
    static func simpler(_ value: JSONValue, _ generator: ValueGenerator) -> [JSONValue] {
        var candidates: [JSONValue] = []
        switch (generator, value) {
        case (.int(let low, let high), .int(let current)):
            let target = min(max(0, low), high)
            if current != target {
                candidates = [.int(target), .int(target + (current - target) / 2), .int(current - (current > target ? 1 : -1))]
            }
        case (.double(let low, let high), .double(let number)):
            let target = min(max(0, low), high)
            if number != target {
                candidates = [.double(target), .double(target + ((number - target) / 2).rounded(.towardZero))]
                if number.rounded(.towardZero) != number, (low...high).contains(number.rounded(.towardZero)) {
                    candidates.append(.double(number.rounded(.towardZero)))
                }
            }
        case (.bool, .bool(true)):
            candidates = [.bool(false)]
        case (.string(let alphabet, let minLength, _, _), .string(let text)):
            let characters = text.map(String.init)
            if characters.count > minLength {
                candidates.append(.string(characters.prefix(minLength).joined()))
                candidates.append(.string(characters.prefix(max(minLength, characters.count / 2)).joined()))
                for index in characters.indices.prefix(16) {
                    var shorter = characters
                    shorter.remove(at: index)
                    candidates.append(.string(shorter.joined()))
                }
            }
            for index in characters.indices.prefix(16) where characters[index] != alphabet[0] {
                var plainer = characters
                plainer[index] = alphabet[0]
                candidates.append(.string(plainer.joined()))
            }
        case (.date(let low, _, _), .string(let text)):
            if let date = ISO8601DateFormatter().date(from: text) {
                let seconds = Int(date.timeIntervalSince1970)
                if seconds != low { candidates = [.string(isoText(low)), .string(isoText(low + (seconds - low) / 2))] }
            }
        case (.optional(let wrapped), _):
            if value != .null { candidates = [.null] + simpler(value, wrapped) }
        case (.array(let element, let minLength, _), .array(let items)):
            if items.count > minLength {
                candidates.append(.array(Array(items.prefix(minLength))))
                candidates.append(.array(Array(items.prefix(max(minLength, items.count / 2)))))
                for index in items.indices.prefix(16) {
                    var shorter = items
                    shorter.remove(at: index)
                    candidates.append(.array(shorter))
                }
            }
            // Every simpler version of each element, not only the first few: when an inner list
            // cannot get shorter without passing, its numbers must still get simpler.
            for index in items.indices.prefix(16) {
                for smaller in simpler(items[index], element) {
                    var copy = items
                    copy[index] = smaller
                    candidates.append(.array(copy))
                }
            }
        case (.dictionary(_, let values, let minLength, _), .object(let members)):
            let keys = members.keys.sorted()
            if keys.count > minLength {
                for key in keys.prefix(16) {
                    var fewer = members
                    fewer[key] = nil
                    candidates.append(.object(fewer))
                }
            }
            for key in keys.prefix(16) {
                for smaller in simpler(members[key]!, values) {
                    var copy = members
                    copy[key] = smaller
                    candidates.append(.object(copy))
                }
            }
        case (.oneOf(let choices), _):
            if let position = choices.firstIndex(of: value) { candidates = Array(choices[..<position]) }
        default:
            break
        }
        var seen: Set<JSONValue> = [value]
        return candidates.filter { seen.insert($0).inserted }
    }

    /// Shrinks a failing input: repeatedly replaces one variable by a simpler value while
    /// `fails` still says the input fails, within `budget` tries. Returns the smallest input
    /// found and how many simplifications were kept.
    static func shrink(_ input: [String: JSONValue], spec: InputSpec, budget: Int,
                       fails: ([String: JSONValue]) -> Bool) -> (input: [String: JSONValue], steps: Int) {
        var current = input
        var tries = 0
        var kept = 0
        var improved = true
        while improved && tries < budget {
            improved = false
            search: for variable in spec.variables {
                guard let value = current[variable.name] else { continue }
                for candidate in simpler(value, variable.generator) {
                    guard tries < budget else { break search }
                    tries += 1
                    var smaller = current
                    smaller[variable.name] = candidate
                    if fails(smaller) {
                        current = smaller
                        kept += 1
                        improved = true
                        break search
                    }
                }
            }
        }
        return (current, kept)
    }
}
