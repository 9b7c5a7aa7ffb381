import Foundation

/// Runs independent work items on a fixed number of threads, including items that work items
/// themselves hand out: a case maps its generated inputs or crash repetitions onto the same
/// pool, so that one case with 40 inputs keeps every thread busy.
///
/// Most of a grading item's time is spent waiting on a child process, so the pool uses real
/// threads rather than Dispatch's CPU-sized width: `--jobs 8` on 2 cores still runs 8 at once.
///
/// A `map` called from outside the pool starts `jobs` threads that serve every item of that
/// call and of the calls nested in it, then end. A `map` called by one of those items queues its
/// own items ahead of the rest (finishing started work first) and works on them itself while it
/// waits, so a nested call can never wait for a thread that is waiting for it.
package struct WorkPool: Sendable {
    let jobs: Int

    init(jobs: Int) {
        self.jobs = max(1, jobs)
    }

    /// Applies `body` to every item; results keep the items' order.
    package func map<Item, Result>(_ items: [Item], _ body: @escaping (Item) -> Result) -> [Result] {
        guard !items.isEmpty else { return [] }
        if let queue = WorkQueue.current {
            return queue.mapNested(items, body)
        }
        let queue = WorkQueue()
        let batch = Batch(items, body)
        queue.add(batch.items, first: false)
        let threads = jobs
        let group = DispatchGroup()
        for _ in 0..<threads {
            group.enter()
            let thread = Thread {
                WorkQueue.current = queue
                queue.serve(until: batch)
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        return batch.results()
    }
}

/// One `map` call's items and results.
private final class Batch<Item, Result>: @unchecked Sendable {
    private let lock = NSCondition()
    private var values: [Result?]
    private var remaining: Int
    private(set) var items: [WorkItem] = []

    init(_ inputs: [Item], _ body: @escaping (Item) -> Result) {
        values = Array(repeating: nil, count: inputs.count)
        remaining = inputs.count
        items.reserveCapacity(inputs.count)
        for (index, input) in inputs.enumerated() {
            items.append(WorkItem(owner: ObjectIdentifier(self)) { [unowned(unsafe) self] in self.finish(index, body(input)) })
        }
    }

    private func finish(_ index: Int, _ value: Result) {
        lock.lock()
        values[index] = value
        remaining -= 1
        if remaining == 0 { lock.broadcast() }
        lock.unlock()
    }

    var isDone: Bool {
        lock.lock()
        defer { lock.unlock() }
        return remaining == 0
    }

    func wait() {
        lock.lock()
        while remaining > 0 { lock.wait() }
        lock.unlock()
    }

    func results() -> [Result] {
        wait()
        return values.map { $0! }
    }
}

/// A unit of work and the batch it belongs to.
private final class WorkItem: @unchecked Sendable {
    let owner: ObjectIdentifier
    let run: () -> Void

    init(owner: ObjectIdentifier, run: @escaping () -> Void) {
        self.owner = owner
        self.run = run
    }
}

/// The items of one outermost `map` and of every call nested in it, and the threads' loop.
private final class WorkQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [WorkItem] = []
    private var finished = false

    private static let key = "WorkPool.queue"

    /// The queue the current thread serves, if it is one of a pool's threads.
    static var current: WorkQueue? {
        get { Thread.current.threadDictionary[key] as? WorkQueue }
        set { Thread.current.threadDictionary[key] = newValue }
    }

    /// Adds items at the back (the outermost call) or the front (nested calls).
    func add(_ items: [WorkItem], first: Bool) {
        condition.lock()
        if first { pending.insert(contentsOf: items, at: 0) } else { pending.append(contentsOf: items) }
        condition.broadcast()
        condition.unlock()
    }

    /// Runs items until the outermost batch is done, then wakes the other threads to end too.
    func serve<Item, Result>(until outermost: Batch<Item, Result>) {
        while true {
            condition.lock()
            while pending.isEmpty && !finished {
                if outermost.isDone {
                    finished = true
                    condition.broadcast()
                    break
                }
                _ = condition.wait(until: Date().addingTimeInterval(0.05))
            }
            if finished && pending.isEmpty {
                condition.unlock()
                return
            }
            let item = pending.removeFirst()
            condition.unlock()
            item.run()
            if outermost.isDone {
                condition.lock()
                if pending.isEmpty {
                    finished = true
                    condition.broadcast()
                }
                condition.unlock()
            }
        }
    }

    /// A `map` from inside an item: its items go first, and this thread runs them while any is left.
    func mapNested<Item, Result>(_ items: [Item], _ body: @escaping (Item) -> Result) -> [Result] {
        let batch = Batch(items, body)
        add(batch.items, first: true)
        let owner = ObjectIdentifier(batch)
        while let item = take(ownedBy: owner) { item.run() }
        return batch.results()
    }

    private func take(ownedBy owner: ObjectIdentifier) -> WorkItem? {
        condition.lock()
        defer { condition.unlock() }
        guard let index = pending.firstIndex(where: { $0.owner == owner }) else { return nil }
        return pending.remove(at: index)
    }
}
