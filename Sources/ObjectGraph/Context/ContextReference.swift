/// The reference to a context that all its objects share.
///
/// Not a `weak` reference: every property access reads it, and a weak read is an atomic load
/// and a retain through the context's side table. The context clears it in its `deinit`
/// instead, so objects that outlive their context see nil, as they would through a weak
/// reference.
final class ContextReference {
    private unowned(unsafe) var unownedContext: ManagedObjectContext?

    init(_ context: ManagedObjectContext) {
        unownedContext = context
    }

    var context: ManagedObjectContext? { unownedContext }

    /// Called by the context as it goes away.
    func clear() { unownedContext = nil }
}
