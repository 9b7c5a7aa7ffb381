import Foundation

// One context, one queue: `perform`, `performAndWait`, and the debug trap for other threads.
extension ManagedObjectContext {
    /// Runs `block` on the context's queue, later, then processes the changes it made
    /// (``processPendingChanges()``), as Core Data's `perform` does.
    public func perform(_ block: @escaping () -> Void) {
        queue.async { [self] in
            block()
            processPendingChanges()
        }
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
            queue.async { [self] in
                let result = Result { try block() }
                processPendingChanges()
                continuation.resume(with: result)
            }
        }
    }

    /// A main-queue context processes its pending changes at the end of the main run loop's
    /// current turn, as Core Data's does, so that a fetched results controller reports an insert
    /// before anything is saved. Asked once per round of changes; the turn ends when the app's
    /// run loop finishes handling an event (an exercise's driver ends one after each call; a
    /// program with no run loop running calls `RunLoop.main.run(until:)` or
    /// ``processPendingChanges()`` itself). A private-queue context processes them at the end
    /// of each ``perform(_:)`` block.
    func processPendingChangesAtEndOfTurn() {
        guard concurrencyType == .mainQueue, !endOfTurnScheduled else { return }
        endOfTurnScheduled = true
        RunLoop.main.perform { [weak self] in
            guard let self else { return }
            endOfTurnScheduled = false
            processPendingChanges()
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
