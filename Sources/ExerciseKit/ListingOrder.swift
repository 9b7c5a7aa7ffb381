#if os(Linux) && (arch(x86_64) || arch(arm64))
import Glibc

/// The order in which a launch lists a folder, chosen by the grader as the hashing seed is.
///
/// The platform leaves it unspecified (`contentsOfDirectory` promises no order, on iOS as on
/// Linux), and on Linux it is the file system's: the order of creation on one, a hash of each
/// name with a seed of the disk's own on another. So a solution that shows files in the order
/// the folder happens to give them would pass on one machine and fail on the next, and would pass
/// whenever a case's files happen to be created in the order it expects. Here each launch lists
/// every folder in an order drawn from its seed: another order in each launch of a case (as a
/// relaunch on a phone may meet), the same one on every run and every machine.
///
/// Both ways Foundation lists a folder are covered: `readdir` (`contentsOfDirectory(atPath:)`,
/// and a learner's own `opendir`) returns a folder's entries sorted by a keyed hash of their
/// names, and `fts_open` (`contentsOfDirectory(at:)`, `enumerator`, `subpathsOfDirectory`) is
/// given that order as its comparison when its caller gave none. Both are the C library's
/// functions replaced by the exercise binary's own (the grader links it with these symbols
/// exported, so Foundation's calls reach them); they pass through until a launch sets a seed,
/// so in any other program that links ExerciseKit they change nothing.
public enum ListingOrder {
    /// The launch's key, from its seed; nil until a launch sets one.
    nonisolated(unsafe) static var key: (UInt64, UInt64)?

    /// The C functions replaced here, which the grader exports from an exercise binary.
    public static let replacedSymbols = ["readdir", "readdir64", "closedir", "rewinddir", "fts_open"]

    /// Orders every listing of this process by `seed` (16 bytes).
    static func use(_ seed: [UInt8]) {
        var words: (UInt64, UInt64) = (0, 0)
        for index in 0..<min(8, seed.count) { words.0 = words.0 << 8 | UInt64(seed[index]) }
        for index in 8..<min(16, seed.count) { words.1 = words.1 << 8 | UInt64(seed[index]) }
        key = words
    }

    /// The position of a name in a listing: FNV-1a over the key and the name's bytes, then
    /// mixed (splitmix64's finalizer) so that names sharing a prefix spread out.
    static func rank(_ name: UnsafePointer<CChar>, length: Int, key: (UInt64, UInt64)) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ key.0
        for index in 0..<length {
            hash = (hash ^ UInt64(UInt8(bitPattern: name[index]))) &* 0x0000_0100_0000_01b3
        }
        hash ^= key.1
        hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
        hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
        return hash ^ (hash >> 31)
    }

    /// Whether the entry named `a` comes before the one named `b`: by rank, then by bytes.
    static func before(_ a: UnsafePointer<CChar>, _ aLength: Int, _ b: UnsafePointer<CChar>, _ bLength: Int,
                       key: (UInt64, UInt64)) -> Bool {
        let (rankA, rankB) = (rank(a, length: aLength, key: key), rank(b, length: bLength, key: key))
        if rankA != rankB { return rankA < rankB }
        return strcmp(a, b) < 0
    }

    // MARK: readdir

    /// A folder's entries, read whole on the first `readdir` and handed out in order.
    final class Listing {
        let entries: UnsafeMutablePointer<dirent>
        let count: Int
        var next = 0

        init(entries: UnsafeMutablePointer<dirent>, count: Int) {
            self.entries = entries
            self.count = count
        }

        deinit { entries.deallocate() }
    }

    nonisolated(unsafe) static var listings: [UInt: Listing] = [:]
    nonisolated(unsafe) static var lock = pthread_mutex_t()
    nonisolated(unsafe) private static var lockReady: Bool = {
        pthread_mutex_init(&lock, nil)
        return true
    }()

    static func locked<T>(_ body: () -> T) -> T {
        _ = lockReady
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return body()
    }

    typealias ReaddirFunction = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<dirent>?
    typealias DirFunction = @convention(c) (OpaquePointer?) -> Int32
    typealias RewindFunction = @convention(c) (OpaquePointer?) -> Void
    public typealias Comparison = @convention(c) (UnsafeMutablePointer<UnsafePointer<UInt8>?>?,
                                           UnsafeMutablePointer<UnsafePointer<UInt8>?>?) -> Int32
    typealias FTSOpenFunction = @convention(c) (UnsafePointer<UnsafeMutablePointer<CChar>?>?, Int32,
                                                Comparison?) -> OpaquePointer?

    /// The C library's own function of that name (the next definition after this binary's).
    static func next<T>(_ name: String, as type: T.Type) -> T {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: -1), name) else {
            fatalError("ExerciseKit: the C library has no \(name)")
        }
        return unsafeBitCast(symbol, to: type)
    }

    static let realReaddir = next("readdir", as: ReaddirFunction.self)
    static let realClosedir = next("closedir", as: DirFunction.self)
    static let realRewinddir = next("rewinddir", as: RewindFunction.self)
    static let realFTSOpen = next("fts_open", as: FTSOpenFunction.self)

    static func readdir(_ stream: OpaquePointer?) -> UnsafeMutablePointer<dirent>? {
        guard let key, let stream else { return realReaddir(stream) }
        return locked {
            let id = UInt(bitPattern: stream)
            let listing: Listing
            if let existing = listings[id] {
                listing = existing
            } else {
                listing = read(stream, key: key)
                listings[id] = listing
            }
            guard listing.next < listing.count else { return nil }
            defer { listing.next += 1 }
            return listing.entries + listing.next
        }
    }

    /// Every entry of `stream` from where it stands, in the key's order.
    private static func read(_ stream: OpaquePointer, key: (UInt64, UInt64)) -> Listing {
        var copies: [dirent] = []
        while let entry = realReaddir(stream) { copies.append(entry.pointee) }
        func name(_ entry: UnsafePointer<dirent>) -> UnsafePointer<CChar> {
            UnsafeRawPointer(entry).advanced(by: MemoryLayout<dirent>.offset(of: \dirent.d_name)!)
                .assumingMemoryBound(to: CChar.self)
        }
        let entries = UnsafeMutablePointer<dirent>.allocate(capacity: max(1, copies.count))
        entries.initialize(from: copies, count: copies.count)
        var order = Array(0..<copies.count)
        order.sort { a, b in
            let (nameA, nameB) = (name(entries + a), name(entries + b))
            return before(nameA, strlen(nameA), nameB, strlen(nameB), key: key)
        }
        for (position, index) in order.enumerated() { entries[position] = copies[index] }
        return Listing(entries: entries, count: copies.count)
    }

    static func forget(_ stream: OpaquePointer?) {
        guard key != nil, let stream else { return }
        locked { listings[UInt(bitPattern: stream)] = nil }
    }

    // MARK: fts

    /// Offsets in glibc's `FTSENT` on 64-bit Linux (`<fts.h>`), which Swift does not import.
    static let ftsNameLengthOffset = 66
    static let ftsNameOffset = 112

    static let ftsComparison: Comparison = { a, b in
        guard let key = ListingOrder.key, let a = a?.pointee, let b = b?.pointee else { return 0 }
        func name(_ entry: UnsafePointer<UInt8>) -> (UnsafePointer<CChar>, Int) {
            let length = UnsafeRawPointer(entry).load(fromByteOffset: ListingOrder.ftsNameLengthOffset, as: UInt16.self)
            return ((UnsafeRawPointer(entry) + ListingOrder.ftsNameOffset).assumingMemoryBound(to: CChar.self), Int(length))
        }
        let (nameA, lengthA) = name(a)
        let (nameB, lengthB) = name(b)
        if ListingOrder.before(nameA, lengthA, nameB, lengthB, key: key) { return -1 }
        return ListingOrder.before(nameB, lengthB, nameA, lengthA, key: key) ? 1 : 0
    }
}

@_cdecl("readdir")
public func exerciseKitReaddir(_ stream: OpaquePointer?) -> UnsafeMutablePointer<dirent>? {
    ListingOrder.readdir(stream)
}

/// The same function as `readdir` on 64-bit Linux, under its other name.
@_cdecl("readdir64")
public func exerciseKitReaddir64(_ stream: OpaquePointer?) -> UnsafeMutablePointer<dirent>? {
    ListingOrder.readdir(stream)
}

@_cdecl("closedir")
public func exerciseKitClosedir(_ stream: OpaquePointer?) -> Int32 {
    ListingOrder.forget(stream)
    return ListingOrder.realClosedir(stream)
}

@_cdecl("rewinddir")
public func exerciseKitRewinddir(_ stream: OpaquePointer?) {
    ListingOrder.forget(stream)
    ListingOrder.realRewinddir(stream)
}

@_cdecl("fts_open")
public func exerciseKitFTSOpen(_ paths: UnsafePointer<UnsafeMutablePointer<CChar>?>?, _ options: Int32,
                               _ comparison: ListingOrder.Comparison?) -> OpaquePointer? {
    let order = comparison ?? (ListingOrder.key == nil ? nil : ListingOrder.ftsComparison)
    return ListingOrder.realFTSOpen(paths, options, order)
}
#else
/// Listings keep the platform's order here.
public enum ListingOrder {
    public static let replacedSymbols: [String] = []
    static func use(_ seed: [UInt8]) {}
}
#endif
