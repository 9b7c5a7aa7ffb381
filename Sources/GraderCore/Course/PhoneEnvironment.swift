import Foundation

/// The time zone and language a case's app runs in, as a phone's settings set them.
///
/// Each case gets one from a small set, chosen by the case's seed and name, so that code which
/// only works in UTC (a date formatter or calendar without a time zone, "today" computed in UTC)
/// fails as it would on a phone. Every zone is a fraction of an hour away from UTC, on both sides
/// of it, so a day boundary or an hour rounded away shows. The reference runs in the case's
/// environment too, and a failing case's report names it.
public struct PhoneEnvironment: Sendable, Hashable, Codable {
    /// An IANA zone name, given to the app as `TZ`.
    public var timeZone: String
    /// A POSIX locale name, given to the app as `LANG`.
    public var locale: String

    public init(timeZone: String, locale: String) {
        self.timeZone = timeZone
        self.locale = locale
    }

    /// The environment of lesson programs and of cases built in code: UTC, no language.
    public static let neutral = PhoneEnvironment(timeZone: "UTC", locale: "C.UTF-8")

    /// The zones cases run in: −3:30 (−2:30 in summer), −9:30, +5:30, +5:45, +9:30 (+10:30 in summer).
    public static let timeZones = ["America/St_Johns", "Pacific/Marquesas", "Asia/Kolkata",
                                   "Asia/Kathmandu", "Australia/Adelaide"]
    /// The languages cases run in.
    public static let locales = ["es_ES.UTF-8", "de_DE.UTF-8", "fr_FR.UTF-8", "pt_BR.UTF-8"]

    /// The environment of the case named `name` in exercise `exerciseID`, whose seed (for a
    /// generated or crash case) is `seed`: the same every run, different from case to case.
    public static func forCase(exerciseID: String, name: String, seed: UInt64?) -> PhoneEnvironment {
        // FNV-1a over the names, mixed with the seed: stable on every machine.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in "\(exerciseID)\u{0}\(name)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        hash ^= (seed ?? 0) &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 29
        let zone = timeZones[Int(hash % UInt64(timeZones.count))]
        let locale = locales[Int((hash / UInt64(timeZones.count)) % UInt64(locales.count))]
        return PhoneEnvironment(timeZone: zone, locale: locale)
    }

    /// `Asia/Kolkata (UTC+05:30), es_ES`, with the zone's offset at `date`.
    public func describe(at date: Date = Date()) -> String {
        var zone = timeZone
        if let tz = TimeZone(identifier: timeZone) {
            let seconds = tz.secondsFromGMT(for: date)
            let sign = seconds < 0 ? "−" : "+"
            let minutes = abs(seconds) / 60
            zone += " (UTC\(sign)\(String(format: "%02d:%02d", minutes / 60, minutes % 60)))"
        }
        let language = locale.split(separator: ".").first.map(String.init) ?? locale
        return "time zone \(zone), language \(language)"
    }
}
