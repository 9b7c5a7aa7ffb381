/// When `grader watch` starts a check: never two at once, and never a line of stale ones. A check
/// asked for while one runs waits; a later request replaces it, so that when the running check
/// finishes only the latest runs, and only if it would check something new.
package struct CheckQueue<Subject: Equatable> {
    /// The check running, if any.
    package private(set) var running: Subject?
    /// The one to start when the running check finishes.
    private var waiting: (subject: Subject, force: Bool)?
    /// What the last check started was about.
    private var last: Subject?

    package init() {}

    /// Asks for a check of `subject`.
    /// - Parameter force: check it even if the last check was about the same (a new exercise, or
    ///   one watched again); otherwise a subject unchanged since the last check is not checked again.
    /// - Returns: the subject to check now, or nil when it waits (or needs no check).
    package mutating func request(_ subject: Subject, force: Bool = false) -> Subject? {
        if running != nil {
            waiting = (subject, force || waiting?.force == true)
            return nil
        }
        guard force || subject != last else { return nil }
        running = subject
        last = subject
        return subject
    }

    /// The running check finished.
    /// - Returns: the subject to check now, if one was asked for meanwhile.
    package mutating func finish() -> Subject? {
        running = nil
        guard let next = waiting else { return nil }
        waiting = nil
        return request(next.subject, force: next.force)
    }
}
