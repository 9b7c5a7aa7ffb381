import ExerciseKit
import Foundation

/// The values of each `EdgeClass`, drawn for a generator: the same vocabulary for every
/// randomized case and every exploration of the course, so that a few hundred draws meet each
/// class the generator allows. Strings are made from the generator's own characters and, where
/// the input already holds strings (earlier variables, earlier elements of a list, earlier calls
/// of a sequence), from those: the same name again, in the other case, padded, accented.
enum EdgeVocabulary {
    /// One draw in `share` is an edge value, when the generator has edges.
    static let share = 8

    static let composed = ["é", "á", "ñ", "ü", "ç", "É", "Ñ", "Ö"]
    static let decomposedMarks: [(base: String, mark: String)] = [("e", "\u{0301}"), ("a", "\u{0301}"), ("n", "\u{0303}"), ("u", "\u{0308}"), ("E", "\u{0301}"), ("O", "\u{0308}")]
    static let otherScripts = ["Ωμέγα", "Юлия", "東京", "Σοφία", "Пётр", "中文"]
    static let emoji = ["🙂", "👩‍💻", "🇪🇸", "👍🏽"]

    // MARK: strings

    /// A string of one of `edges`' classes, `minLength...` long and no longer than the class
    /// allows; nil when no class the generator allows can make one. One time in three, when the
    /// input already holds strings, a variant of one of them instead: the same text again, in
    /// the other case, padded, without its accents or with them decomposed.
    static func string(alphabet: [String], minLength: Int, maxLength: Int, edges: EdgeSet, earlier: [String],
                       only: EdgeClass? = nil, using random: inout SeededRandom) -> String? {
        func fits(_ text: String, _ edge: EdgeClass) -> Bool {
            text.count >= minLength && text.count <= (edge == .long ? max(maxLength, edges.longest) : maxLength)
        }
        let nearby = earlier.filter { !$0.isEmpty }
        if let only, edges.has(only) {
            // A class asked for by name (`forcedClass`): a value of it when it can make one.
            if only == .duplicate, let again = nearby.randomElement(using: &random), fits(again, .duplicate) { return again }
            if let text = make(only, alphabet: alphabet, minLength: minLength, maxLength: maxLength, edges: edges, using: &random),
               fits(text, only) {
                return text
            }
        }
        if let from = nearby.randomElement(using: &random), Int.random(in: 0..<3, using: &random) == 0 {
            var variants: [(String, EdgeClass)] = []
            if edges.has(.duplicate) { variants.append((from, .duplicate)) }
            if edges.has(.casePair) {
                variants += [from.uppercased(), from.lowercased(), swappedCase(from)].map { ($0, .casePair) }
            }
            if edges.has(.padded) { variants.append((" \(from) ", .padded)) }
            if edges.has(.accented) { variants.append((from.folding(options: .diacriticInsensitive, locale: nil), .accented)) }
            if edges.has(.decomposed) { variants.append((from.decomposedStringWithCanonicalMapping, .decomposed)) }
            let usable = variants.filter { variant, edge in
                (edge == .duplicate || !variant.unicodeScalars.elementsEqual(from.unicodeScalars)) && fits(variant, edge)
            }
            if let (variant, _) = usable.randomElement(using: &random) { return variant }
        }
        // All cases in their declared order, filtered: never a Set's order, which changes per run.
        let classes = EdgeClass.allCases.filter { EdgeClass.strings.contains($0) && $0 != .duplicate && edges.has($0) }
        for edge in classes.shuffled(using: &random) {
            if let text = make(edge, alphabet: alphabet, minLength: minLength, maxLength: maxLength, edges: edges, using: &random),
               fits(text, edge) {
                return text
            }
        }
        return nil
    }

    private static func make(_ edge: EdgeClass, alphabet: [String], minLength: Int, maxLength: Int, edges: EdgeSet,
                             using random: inout SeededRandom) -> String? {
        func plain(_ count: Int) -> String {
            (0..<max(0, count)).map { _ in alphabet.randomElement(using: &random)! }.joined()
        }
        func base(most: Int) -> String {
            let high = max(1, min(maxLength, most))
            return plain(Int.random(in: max(1, min(minLength, high))...high, using: &random))
        }
        switch edge {
        case .empty:
            return minLength == 0 ? "" : nil
        case .padded:
            guard maxLength >= 2 else { return nil }
            let inner = base(most: maxLength - 2)
            let both = " \(inner) "
            return both.count <= maxLength ? both : (Bool.random(using: &random) ? " \(inner)" : "\(inner) ")
        case .innerSpaces:
            guard maxLength >= 3 else { return nil }
            let spaces = maxLength >= 4 ? "  " : " "
            let room = maxLength - spaces.count
            let left = Int.random(in: 1...max(1, room - 1), using: &random)
            return plain(left) + spaces + plain(Int.random(in: 1...max(1, room - left), using: &random))
        case .accented, .decomposed:
            var characters = base(most: 6).map(String.init)
            let index = Int.random(in: 0..<characters.count, using: &random)
            if edge == .accented {
                characters[index] = composed.randomElement(using: &random)!
            } else {
                let (letter, mark) = decomposedMarks.randomElement(using: &random)!
                characters[index] = letter + mark
            }
            return characters.joined()
        case .casePair:
            let text = base(most: 6)
            return [text.uppercased(), text.lowercased(), swappedCase(text)]
                .filter { !$0.unicodeScalars.elementsEqual(text.unicodeScalars) }.randomElement(using: &random)
        case .nonLatin:
            return String(otherScripts.randomElement(using: &random)!.prefix(max(1, maxLength)))
        case .emoji:
            let symbol = emoji.randomElement(using: &random)!
            return maxLength >= 3 && Bool.random(using: &random) ? base(most: maxLength - 1) + symbol : symbol
        case .long:
            return plain(max(maxLength, edges.longest))
        case .duplicate, .monthEnd, .dstChange, .leapDay:
            return nil
        }
    }

    /// The class the `input`-th input of a randomized case gives the variable at `position`,
    /// when its generator (or the one an optional wraps) has edges: the first inputs go through
    /// every class the generator allows, each variable starting at another one, so that a case
    /// of a few dozen inputs meets them all; nil from then on, where draws are random.
    static func forcedClass(for generator: ValueGenerator, input: Int, position: Int) -> EdgeClass? {
        let classes: [EdgeClass]
        switch generator {
        case .optional(let wrapped):
            return forcedClass(for: wrapped, input: input, position: position)
        case .string(_, _, _, let edges?):
            classes = EdgeClass.allCases.filter { EdgeClass.strings.contains($0) && edges.has($0) }
        case .date(_, _, let edges?):
            classes = EdgeClass.allCases.filter { EdgeClass.dates.contains($0) && edges.has($0) }
        default:
            return nil
        }
        guard input < classes.count else { return nil }
        return classes[(input + position) % classes.count]
    }

    /// Each letter in the other case: `"aB"` → `"Ab"`.
    static func swappedCase(_ text: String) -> String {
        text.map { character in
            let lower = character.lowercased(), upper = character.uppercased()
            return String(character) == lower ? upper : lower
        }.joined()
    }

    /// Whether a string generator could have made `text`, its edges included.
    static func canMake(_ text: String, alphabet: [String], minLength: Int, maxLength: Int, edges: EdgeSet?) -> Bool {
        let letters = Set(alphabet)
        guard let edges else {
            return (minLength...maxLength).contains(text.count) && text.allSatisfy { letters.contains(String($0)) }
        }
        guard text.count >= minLength, text.count <= max(maxLength, edges.has(.long) ? edges.longest : 0) else { return false }
        return text.allSatisfy { character in
            let single = String(character)
            if letters.contains(single) { return true }
            if character == " " { return edges.has(.padded) || edges.has(.innerSpaces) }
            if letters.contains(single.lowercased()) || letters.contains(single.uppercased()) { return edges.has(.casePair) }
            if character.isASCII { return false }
            if character.isLetter {
                let folded = single.folding(options: .diacriticInsensitive, locale: nil)
                if folded.allSatisfy(\.isASCII) { return edges.has(.accented) || edges.has(.decomposed) }
                return edges.has(.nonLatin)
            }
            return edges.has(.emoji)
        }
    }

    // MARK: dates

    /// A date (seconds since 1970) of one of `edges`' classes in `low...high`; nil when none falls there.
    static func date(low: Int, high: Int, edges: Set<EdgeClass>, only: EdgeClass? = nil, using random: inout SeededRandom) -> Int? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let firstYear = calendar.component(.year, from: Date(timeIntervalSince1970: TimeInterval(low)))
        let lastYear = calendar.component(.year, from: Date(timeIntervalSince1970: TimeInterval(high)))
        func seconds(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Int? {
            calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
                .map { Int($0.timeIntervalSince1970) }
        }
        /// The `n`th Sunday of a month (n = -1: the last).
        func sunday(_ year: Int, _ month: Int, _ n: Int) -> Int? {
            let days = (1...31).compactMap { day -> Int? in
                guard let moment = seconds(year, month, day),
                      calendar.component(.month, from: Date(timeIntervalSince1970: TimeInterval(moment))) == month,
                      calendar.component(.weekday, from: Date(timeIntervalSince1970: TimeInterval(moment))) == 1 else { return nil }
                return day
            }
            guard !days.isEmpty else { return nil }
            return n < 0 ? days.last : days[min(n - 1, days.count - 1)]
        }
        var classes = EdgeClass.allCases.filter { EdgeClass.dates.contains($0) && edges.contains($0) }.shuffled(using: &random)
        if let only, let position = classes.firstIndex(of: only) { classes.swapAt(0, position) }
        for edge in classes {
            var candidates: [Int] = []
            for _ in 0..<4 {
                let year = Int.random(in: firstYear...max(firstYear, lastYear), using: &random)
                switch edge {
                case .monthEnd:
                    let month = Int.random(in: 1...12, using: &random)
                    if let next = month == 12 ? seconds(year + 1, 1, 1) : seconds(year, month + 1, 1) {
                        candidates += [next - 1, next]
                    }
                case .dstChange:
                    // Europe: 01:00 UTC on the last Sundays of March and October; the United
                    // States: 2 a.m. Eastern on March's second Sunday and November's first.
                    if let day = sunday(year, 3, -1), let moment = seconds(year, 3, day, 1) { candidates += [moment - 1, moment] }
                    if let day = sunday(year, 10, -1), let moment = seconds(year, 10, day, 1) { candidates += [moment - 1, moment] }
                    if let day = sunday(year, 3, 2), let moment = seconds(year, 3, day, 7) { candidates.append(moment) }
                    if let day = sunday(year, 11, 1), let moment = seconds(year, 11, day, 6) { candidates.append(moment) }
                case .leapDay:
                    var leap = year
                    while !(leap % 4 == 0 && (leap % 100 != 0 || leap % 400 == 0)) { leap += 1 }
                    if let day = seconds(leap, 2, 29) { candidates.append(day + Int.random(in: 0..<86_400, using: &random)) }
                default:
                    break
                }
            }
            if let moment = candidates.filter({ (low...high).contains($0) }).randomElement(using: &random) { return moment }
        }
        return nil
    }
}
