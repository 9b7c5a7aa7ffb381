#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The hashing seed of a launch, which decides the order of every `Set` and `Dictionary` the app
/// builds. The grader chooses it from the exercise, the case and the launch's place in the case,
/// so that each launch of a case meets another order (as a relaunch on a phone does) and the same
/// launch meets the same order on every run, forked or exec'd: a bug that depends on the order
/// gets the same verdict every time.
///
/// The seed is the Swift runtime's `_swift_stdlib_Hashing_parameters` (two 64-bit words, then
/// whether hashing is deterministic). Hashing is made deterministic as well: otherwise each table
/// also mixes in its own address, which changes with the address layout from run to run. Set
/// before the app builds any hashed collection (a table built with one seed cannot be searched
/// with another): first thing in an exec'd binary's `main`, first thing in a forked launch.
public enum HashingSeed {
    /// The environment variable that gives an exec'd launch its seed: 32 hexadecimal digits.
    public static let variable = "EXERCISEKIT_HASHING_SEED"

    /// The seed's 16 bytes from 32 hexadecimal digits; nil for anything else.
    static func parse(_ text: UnsafePointer<CChar>) -> [UInt8]? {
        var bytes: [UInt8] = []
        var index = 0
        while bytes.count < 16 {
            guard let high = digit(text[index]), let low = digit(text[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return text[index] == 0 ? bytes : nil
    }

    private static func digit(_ character: CChar) -> UInt8? {
        switch UInt8(bitPattern: character) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt8(bitPattern: character) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt8(bitPattern: character) - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    /// An exec'd launch: the seed the environment gives, which is then removed from it.
    static func applyFromEnvironment() {
        guard let text = getenv(variable) else { return }
        if let bytes = parse(text) { apply(bytes) }
        unsetenv(variable)
    }

    /// Makes `bytes` (16) the process's hashing seed, deterministic; with no bytes (a grader that
    /// sends none), a random seed, as an exec'd process gets from the runtime.
    static func apply(_ bytes: [UInt8]) {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "_swift_stdlib_Hashing_parameters") else { return }
        guard bytes.count == 16 else {
            // Left alone when the runtime was asked for deterministic hashing itself.
            guard !symbol.load(fromByteOffset: 16, as: Bool.self) else { return }
            var generator = SystemRandomNumberGenerator()
            symbol.storeBytes(of: generator.next() as UInt64, toByteOffset: 0, as: UInt64.self)
            symbol.storeBytes(of: generator.next() as UInt64, toByteOffset: 8, as: UInt64.self)
            return
        }
        var words: (UInt64, UInt64) = (0, 0)
        for index in 0..<8 {
            words.0 = words.0 << 8 | UInt64(bytes[index])
            words.1 = words.1 << 8 | UInt64(bytes[8 + index])
        }
        symbol.storeBytes(of: words.0, toByteOffset: 0, as: UInt64.self)
        symbol.storeBytes(of: words.1, toByteOffset: 8, as: UInt64.self)
        symbol.storeBytes(of: true, toByteOffset: 16, as: Bool.self)
        // The order of folder listings comes from the same seed (``ListingOrder``).
        ListingOrder.use(bytes)
    }
}
