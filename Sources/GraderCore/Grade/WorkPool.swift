import Foundation

/// Runs independent jobs on a fixed number of threads.
///
/// Most of a grading job's time is spent waiting on a child process, so the pool uses real
/// threads rather than Dispatch's CPU-sized width: `--jobs 8` on 2 cores still runs 8 cases
/// at once.
struct WorkPool {
    let jobs: Int

    init(jobs: Int) {
        self.jobs = max(1, jobs)
    }

    /// Applies `body` to every item, `jobs` at a time; results keep the items' order.
    func map<Item, Result>(_ items: [Item], _ body: @escaping (Item) -> Result) -> [Result] {
        guard !items.isEmpty else { return [] }
        let state = State<Result>(count: items.count)
        let group = DispatchGroup()
        for _ in 0..<min(jobs, items.count) {
            group.enter()
            let thread = Thread {
                while let index = state.claim() {
                    state.store(body(items[index]), at: index)
                }
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        return state.results.map { $0! }
    }

    /// The next item to take and the results so far, behind one lock.
    private final class State<Result>: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private let count: Int
        private(set) var results: [Result?]

        init(count: Int) {
            self.count = count
            results = Array(repeating: nil, count: count)
        }

        func claim() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < count else { return nil }
            next += 1
            return next - 1
        }

        func store(_ result: Result, at index: Int) {
            lock.lock()
            results[index] = result
            lock.unlock()
        }
    }
}
