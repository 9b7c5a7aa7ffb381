import Foundation

/// Waiting binaries (``AppServer``) kept between case runs, so that a binary's sandbox, cgroup
/// and start-up are paid once for all the cases it runs, not once per case.
///
/// A case run takes a server for its binary, limits and time zone, has its container filled for the case
/// (the server's container, emptied and filled anew: ``take(for:startingFrom:)``), and gives it
/// back at its end. A server is given to one case run at a time; one whose launch did not end
/// cleanly, or whose container cannot be emptied, is ended instead of kept. At most
/// ``capacity`` servers wait between runs: the ones used longest ago are ended first.
final class AppServerPool: @unchecked Sendable {
    /// What a server is started with, and so what a case run must ask for to share it.
    struct Key: Hashable {
        var bundle: AppBundle
        var limits: Limits
        var defaultsSuites: [String]
        /// The phone's time zone, which Foundation reads as the server loads it. Its language
        /// is given to each launch (`LANG`, set before the driver runs), so it is not part of the key.
        var timeZone: String
        var countsFileChanges: Bool
        /// Whether its container is on disk rather than in memory (``TestCase/dependsOnDiskSpeed``).
        var onDisk = true

        /// The server's phone: the key's zone, and the neutral language, which each launch replaces.
        var environment: PhoneEnvironment {
            PhoneEnvironment(timeZone: timeZone, locale: PhoneEnvironment.neutral.locale)
        }
    }

    private let launcher: AppLauncher
    /// Where the servers' containers are made: on disk, and in memory for keys not ``Key/onDisk``.
    private let directory: URL
    private let memoryDirectory: URL
    let capacity: Int
    private let lock = NSLock()
    /// The servers waiting between case runs, the one used longest ago first.
    private var idle: [(key: Key, server: AppServer)] = []
    /// How many servers were started, and how many case runs took one that was waiting.
    private(set) var started = 0
    private(set) var reused = 0

    init(launcher: AppLauncher, directory: URL, memoryDirectory: URL? = nil,
         capacity: Int = 3 * ProcessInfo.processInfo.activeProcessorCount) {
        self.launcher = launcher
        self.directory = directory
        self.memoryDirectory = memoryDirectory ?? directory
        self.capacity = max(1, capacity)
    }

    deinit { endAll() }

    /// A server for `key` whose container holds a copy of `snapshot` (a saved container), or is
    /// empty: one that was waiting, or a new one.
    func take(for key: Key, startingFrom snapshot: URL?) throws -> AppServer {
        if let waiting = takeWaiting(key) {
            do {
                try waiting.container.refill(from: snapshot)
                return waiting
            } catch {
                // A container the app left something unremovable in is not used again.
                discard(waiting)
            }
        }
        let container = try AppContainer.create(in: key.onDisk ? directory : memoryDirectory)
        do {
            try container.refill(from: snapshot)
            let server = try launcher.server(key.bundle, on: container, limits: key.limits,
                                             defaultsSuites: key.defaultsSuites, environment: key.environment,
                                             countsFileChanges: key.countsFileChanges)
            lock.withLock { started += 1 }
            return server
        } catch {
            container.remove()
            throw error
        }
    }

    /// A new server on the container of `gone`, which has ended in the middle of a case run:
    /// the run goes on with what its container holds.
    func replace(_ gone: AppServer, for key: Key) throws -> AppServer {
        gone.end()
        let server = try launcher.server(key.bundle, on: gone.container, limits: key.limits,
                                         defaultsSuites: key.defaultsSuites, environment: key.environment,
                                             countsFileChanges: key.countsFileChanges)
        lock.withLock { started += 1 }
        return server
    }

    /// Takes `server` back at the end of a case run: kept for the next run of `key` when its
    /// last launch has ended and been cleaned up after, ended otherwise.
    func giveBack(_ server: AppServer, for key: Key) {
        guard !server.isGone, !server.isLaunching else {
            discard(server)
            return
        }
        let evicted: [AppServer] = lock.withLock {
            idle.append((key, server))
            let excess = max(0, idle.count - capacity)
            defer { idle.removeFirst(excess) }
            return idle.prefix(excess).map(\.server)
        }
        evicted.forEach(discard)
    }

    /// Ends `server`, taken for a case run, and removes its container, instead of keeping it for
    /// another run (one of a bundle that no other run uses).
    func retire(_ server: AppServer) {
        discard(server)
    }

    /// Ends every waiting server and removes its container.
    func endAll() {
        let all = lock.withLock {
            defer { idle.removeAll() }
            return idle.map(\.server)
        }
        all.forEach(discard)
    }

    /// The servers waiting between case runs.
    var waiting: [AppServer] { lock.withLock { idle.map(\.server) } }

    private func takeWaiting(_ key: Key) -> AppServer? {
        lock.withLock {
            guard let index = idle.lastIndex(where: { $0.key == key }) else { return nil }
            reused += 1
            return idle.remove(at: index).server
        }
    }

    private func discard(_ server: AppServer) {
        server.end()
        server.container.remove()
    }
}
