/// A weak reference to a context, shared by all its objects.
final class ContextReference {
    weak var context: ManagedObjectContext?

    init(_ context: ManagedObjectContext? = nil) {
        self.context = context
    }
}
