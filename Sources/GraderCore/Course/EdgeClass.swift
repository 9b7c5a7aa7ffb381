/// A kind of value where solutions break, which every string and date generator draws from by
/// default (`InputGenerator`, `EdgeVocabulary`): the edges a statement names without thinking of
/// them as edges. An exercise leaves a class out only where its statement rules such values out,
/// and says why (`without:` and `because:` in `exercise.yml`).
public enum EdgeClass: String, CaseIterable, Codable, Sendable, Hashable {
    // Strings: made from the generator's own characters, then changed.
    /// `""`, when `min_length` allows it.
    case empty
    /// Spaces before and after: `" ab "`.
    case padded
    /// Two spaces inside: `"a  b"`.
    case innerSpaces = "inner_spaces"
    /// One letter accented, composed: `"é"` as one scalar.
    case accented
    /// One letter accented, decomposed: `"e"` and a combining acute accent.
    case decomposed
    /// The same text in the other case, where the generator's letters have one.
    case casePair = "case_pair"
    /// Letters of other scripts: Greek, Cyrillic, Han.
    case nonLatin = "non_latin"
    /// Emoji, one of them made of several scalars joined.
    case emoji
    /// As long as the generator allows: `max_length` characters, or 200 when it sets none.
    case long
    /// A value the input already holds, again: two contacts with one name, a list with a
    /// repeated element, a rename to the same name in an exploration.
    case duplicate

    // Dates (whole seconds, UTC, as the wire protocol sends them).
    /// The last second of a month, and the first of the next.
    case monthEnd = "month_end"
    /// The moments daylight saving time starts and ends in Europe and the United States.
    case dstChange = "dst_change"
    /// The 29th of February.
    case leapDay = "leap_day"

    public static let strings: Set<EdgeClass> = [.empty, .padded, .innerSpaces, .accented, .decomposed, .casePair, .nonLatin, .emoji, .long, .duplicate]
    public static let dates: Set<EdgeClass> = [.monthEnd, .dstChange, .leapDay]

    /// How long a string of the `long` class is when the generator sets no `max_length`.
    public static let unboundedLength = 200
}

/// The edge classes a generator draws from, and how long its longest strings are (0 for dates).
///
/// Encoded with its classes in their declared order: a `Set` encodes in its iteration order,
/// which follows the process's hashing seed, and a case's encoding is part of the keys its
/// verdict and its reference's runs are kept under, which must be the same in every process.
public struct EdgeSet: Sendable, Hashable, Codable {
    public var classes: Set<EdgeClass>
    /// The length of a `long` string: `max_length` when the generator gives one.
    public var longest: Int

    public init(classes: Set<EdgeClass>, longest: Int) {
        self.classes = classes
        self.longest = longest
    }

    public func has(_ edge: EdgeClass) -> Bool { classes.contains(edge) }

    private enum CodingKeys: String, CodingKey {
        case classes, longest
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(EdgeClass.allCases.filter(classes.contains), forKey: .classes)
        try container.encode(longest, forKey: .longest)
    }
}
