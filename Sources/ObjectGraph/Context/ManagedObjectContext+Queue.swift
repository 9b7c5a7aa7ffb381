import Foundation

// One context, one queue: `perform`, `performAndWait`, and the debug trap for other threads.
extension ManagedObjectContext {
    /// Runs `block` on the context's queue, later.
    public func perform(_ block: @escaping () -> Void) {
        queue.async(execute: block)
    }

    /// Runs `block` on the context's queue and waits for it; runs it at once when already there.
    public func performAndWait<T>(_ block: () throws -> T) rethrows -> T {
        if isOnQueue { return try block() }
        return try queue.sync(execute: block)
    }

    /// Runs `block` on the context's queue and returns its result: the `async` form of
    /// `perform` that modern Core Data code uses.
    public func perform<T>(_ block: @escaping () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try block() }) }
        }
    }

    var isOnQueue: Bool {
        switch concurrencyType {
        case .mainQueue: Thread.isMainThread
        case .privateQueue: DispatchQueue.getSpecific(key: queueKey) == ObjectIdentifier(self)
        }
    }

    /// With concurrency debugging on, stops the program when the context is used away from its
    /// queue, naming the mistake and the fix.
    func assertAccess() {
        guard concurrencyDebug, !isOnQueue else { return }
        let place = concurrencyType == .mainQueue ? "the main thread" : "its queue (inside perform or performAndWait)"
        fatalError("ObjectGraph concurrency violation: a \(concurrencyType) context was used away from \(place). "
            + "Wrap the code in context.perform { … } or context.performAndWait { … }.")
    }
}
