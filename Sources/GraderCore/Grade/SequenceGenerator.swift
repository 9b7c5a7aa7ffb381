import ExerciseKit
import Foundation

/// Makes an exploration's sequences: random calls of the exercise's operations with relaunches
/// and kills between them, the same call repeated, an earlier call of the same launch made again
/// (A → B → A), and arguments that favour edges and repeats.
enum SequenceGenerator {
    /// The `index`-th sequence of `spec` (0-based): the same on every machine and run.
    ///
    /// The first sequences go through every ordered pair of different operations (A, B), in an
    /// order drawn from the seed, as A → B → A within one launch: the shape that shows a value
    /// cached in memory, a listing read once or a folder created once per process. The others
    /// are random.
    static func steps(_ spec: ExplorationSpec, index: Int) -> [Step] {
        var random = SeededRandom(seed: spec.seed, index: index)
        let pairs = orderedPairs(spec)
        guard index < pairs.count, spec.length >= 3 else { return randomSteps(spec, using: &random) }
        let (first, second) = pairs[index]
        var used: [String: [JSONValue]] = [:]
        let a = makeCall(first, used: &used, using: &random)
        let b = makeCall(second, used: &used, using: &random)
        var steps: [Step] = [.call(a), .call(b), .call(a)]
        // A call or two around it, in the same launch, where the length allows.
        let room = spec.length - 3
        if room > 0, Bool.random(using: &random) {
            steps.insert(.call(makeCall(pick(spec, using: &random), used: &used, using: &random)), at: 0)
        }
        if room > 1, Bool.random(using: &random) {
            steps.append(.call(makeCall(pick(spec, using: &random), used: &used, using: &random)))
        }
        return steps
    }

    /// Every ordered pair of different operations, shuffled by the seed.
    static func orderedPairs(_ spec: ExplorationSpec) -> [(ExplorationSpec.Operation, ExplorationSpec.Operation)] {
        var pairs: [(ExplorationSpec.Operation, ExplorationSpec.Operation)] = []
        for a in spec.operations { for b in spec.operations where b.name != a.name { pairs.append((a, b)) } }
        var random = SeededRandom(seed: spec.seed ^ 0xA5A5_5A5A_A5A5_5A5A)
        pairs.shuffle(using: &random)
        return pairs
    }

    static func pick(_ spec: ExplorationSpec, using random: inout SeededRandom) -> ExplorationSpec.Operation {
        let totalWeight = spec.operations.reduce(0) { $0 + $1.weight }
        var pick = Int.random(in: 0..<totalWeight, using: &random)
        return spec.operations.first { pick -= $0.weight; return pick < 0 } ?? spec.operations[0]
    }

    /// A random sequence: calls picked by weight, the last call repeated, an earlier call of the
    /// launch made again, and relaunches and kills between calls.
    static func randomSteps(_ spec: ExplorationSpec, using random: inout SeededRandom) -> [Step] {
        // Longer sequences find more: from half the length up.
        let count = spec.length <= 2 ? spec.length : Int.random(in: max(2, (spec.length + 1) / 2)...spec.length, using: &random)
        var steps: [Step] = []
        var thisLaunch: [Call] = []
        var used: [String: [JSONValue]] = [:]
        for position in 0..<count {
            let roll = Double.random(in: 0..<1, using: &random)
            let call: Call
            if let last = thisLaunch.last, roll < 0.1 {
                call = last                                              // the same call twice
            } else if thisLaunch.count >= 2, roll < 0.3 {
                call = thisLaunch[Int.random(in: 0..<(thisLaunch.count - 1), using: &random)]   // A → B → A
            } else {
                call = makeCall(pick(spec, using: &random), used: &used, using: &random)
            }
            steps.append(.call(call))
            thisLaunch.append(call)
            guard position < count - 1 else { break }
            let between = Double.random(in: 0..<1, using: &random)
            if between < spec.relaunch {
                steps.append(.relaunch)
                thisLaunch = []
            } else if between < spec.relaunch + spec.kill {
                steps.append(.kill)
                thisLaunch = []
            }
        }
        return steps
    }

    static func makeCall(_ operation: ExplorationSpec.Operation, used: inout [String: [JSONValue]],
                         using random: inout SeededRandom) -> Call {
        var arguments: JSONValue?
        if !operation.arguments.isEmpty {
            var members: [String: JSONValue] = [:]
            for variable in operation.arguments {
                let key = "\(operation.name).\(variable.name)"
                let earlier = used[key] ?? []
                // What the sequence's other calls gave an argument of the same name, when this
                // generator could make it too: the name a contact was created with, given to
                // rename, delete or find (an identity rename, a duplicate, a lookup that must
                // succeed), and below, in the other case, padded, or with its accents changed.
                let shared = (used[variable.name] ?? []).filter { !earlier.contains($0) && fits($0, variable.generator) }
                let value: JSONValue
                if !earlier.isEmpty, Int.random(in: 0..<4, using: &random) == 0 {
                    value = earlier.randomElement(using: &random)!                     // a repeat
                } else if !shared.isEmpty, Int.random(in: 0..<3, using: &random) == 0 {
                    value = shared.randomElement(using: &random)!                      // another call's value
                } else if Int.random(in: 0..<4, using: &random) == 0,
                          let edge = edge(of: variable.generator, near: earlier + shared, using: &random) {
                    value = edge
                } else {
                    value = InputGenerator.value(variable.generator, earlier: (earlier + shared).flatMap(InputGenerator.strings(in:)), using: &random)
                }
                used[key, default: []].append(value)
                if variable.name != ExplorationSpec.Operation.wholeArgument { used[variable.name, default: []].append(value) }
                members[variable.name] = value
            }
            arguments = operation.wholeArgumentGenerator == nil ? .object(members) : members[ExplorationSpec.Operation.wholeArgument]
        }
        return Call(operation: operation.name, arguments: arguments, expectation: .reference, stdout: nil,
                    options: ComparisonOptions(unordered: operation.unordered, errorDetails: operation.errorDetails))
    }

    /// Whether `generator` could have made `value`: a string of its alphabet and lengths, a
    /// number in its range, one of its choices. Lists and dictionaries are not compared.
    static func fits(_ value: JSONValue, _ generator: ValueGenerator) -> Bool {
        switch (generator, value) {
        case (.string(let alphabet, let minLength, let maxLength, let edges), .string(let text)):
            return EdgeVocabulary.canMake(text, alphabet: alphabet, minLength: minLength, maxLength: maxLength, edges: edges)
        case (.int(let low, let high), .int(let number)): return (low...high).contains(number)
        case (.double(let low, let high), .double(let number)): return (low...high).contains(number)
        case (.bool, .bool): return true
        case (.oneOf(let choices), _): return choices.contains(value)
        case (.optional, .null): return true
        case (.optional(let wrapped), _): return fits(value, wrapped)
        default: return false
        }
    }

    /// A value at an edge of what `generator` makes, still one it could make: an empty or
    /// longest string, an earlier string with its case changed, padded with spaces, or with its
    /// accents taken off or written as separate combining marks, the ends of a range, a
    /// fraction, a date on a day's first or last second in UTC. Nil when it has none.
    static func edge(of generator: ValueGenerator, near earlier: [JSONValue], using random: inout SeededRandom) -> JSONValue? {
        switch generator {
        case .string(let alphabet, let minLength, let maxLength, let edges?):
            // The course's vocabulary, with the sequence's earlier strings to vary.
            let texts = earlier.compactMap(\.stringValue)
            return EdgeVocabulary.string(alphabet: alphabet, minLength: minLength, maxLength: maxLength, edges: edges,
                                         earlier: texts, using: &random).map(JSONValue.string)
        case .string(let alphabet, let minLength, let maxLength, nil):
            let letters = Set(alphabet)
            var candidates: [String] = []
            if minLength == 0 { candidates.append("") }
            if let character = alphabet.randomElement(using: &random) {
                candidates.append(String(repeating: character, count: maxLength))
            }
            for case .string(let text) in earlier {
                let unaccented = text.folding(options: .diacriticInsensitive, locale: nil)
                let decomposed = text.decomposedStringWithCanonicalMapping
                for variant in [text.uppercased(), text.lowercased(), " \(text) ", unaccented, decomposed]
                // Scalars, not `!=`: Swift compares a decomposed é equal to a composed one.
                where !variant.unicodeScalars.elementsEqual(text.unicodeScalars)
                    && variant.count >= minLength && variant.count <= maxLength
                    && variant.allSatisfy({ letters.contains(String($0)) }) {
                    candidates.append(variant)
                }
            }
            return candidates.randomElement(using: &random).map(JSONValue.string)
        case .int(let low, let high):
            return .int([low, high, min(max(0, low), high), min(max(1, low), high), min(max(-1, low), high)]
                .randomElement(using: &random)!)
        case .double(let low, let high):
            let middle = (low / 2 + high / 2).rounded(.down) + 0.5
            return .double([low, high, min(max(middle, low), high), min(max(0.25, low), high)].randomElement(using: &random)!)
        case .date(let low, let high, let edges):
            if let edges, Bool.random(using: &random), let moment = EdgeVocabulary.date(low: low, high: high, edges: edges.classes, using: &random) {
                return .string(InputGenerator.isoText(moment))
            }
            let day = Int.random(in: low...high, using: &random) / 86_400 * 86_400
            let moment = [day, day + 86_399].filter { (low...high).contains($0) }.randomElement(using: &random) ?? low
            return .string(InputGenerator.isoText(moment))
        case .optional:
            return .null
        case .array(let element, let minLength, let maxLength):
            if minLength == 0 { return .array([]) }
            return .array((0..<maxLength).map { _ in InputGenerator.value(element, using: &random) })
        case .dictionary(_, _, let minLength, _):
            return minLength == 0 ? .object([:]) : nil
        case .bool, .oneOf:
            return nil
        }
    }
}
