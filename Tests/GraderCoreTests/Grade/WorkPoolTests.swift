import Foundation
import Testing
@testable import GraderCore

struct WorkPoolTests {
    /// How many bodies run at once, at most.
    final class Gauge: @unchecked Sendable {
        private let lock = NSLock()
        private var now = 0
        private(set) var most = 0
        func enter() { lock.lock(); now += 1; most = max(most, now); lock.unlock() }
        func leave() { lock.lock(); now -= 1; lock.unlock() }
    }

    @Test func resultsKeepTheItemsOrder() {
        let results = WorkPool(jobs: 3).map(Array(0..<50)) { $0 * $0 }
        #expect(results == (0..<50).map { $0 * $0 })
    }

    @Test func nestedMapsFinishEvenWithOneThread() {
        let pool = WorkPool(jobs: 1)
        let results = pool.map([1, 2, 3]) { outer in pool.map(Array(0..<outer)) { inner in pool.map([inner]) { $0 + outer }[0] }.reduce(0, +) }
        #expect(results == [1, 2 + 3, 3 + 4 + 5])
    }

    @Test func itemsOfOneNestedMapRunOnEveryThread() {
        let pool = WorkPool(jobs: 4)
        let gauge = Gauge()
        // One outer item whose eight inner items each take 20 ms: they must spread over the threads.
        _ = pool.map([0]) { _ in
            pool.map(Array(0..<8)) { _ in
                gauge.enter()
                Thread.sleep(forTimeInterval: 0.02)
                gauge.leave()
            }
        }
        #expect(gauge.most > 1)
        #expect(gauge.most <= 4)
    }

    @Test func neverMoreAtOnceThanJobs() {
        let pool = WorkPool(jobs: 2)
        let gauge = Gauge()
        _ = pool.map(Array(0..<6)) { _ in
            pool.map(Array(0..<4)) { _ in
                gauge.enter()
                Thread.sleep(forTimeInterval: 0.005)
                gauge.leave()
            }
        }
        #expect(gauge.most == 2)
    }
}
