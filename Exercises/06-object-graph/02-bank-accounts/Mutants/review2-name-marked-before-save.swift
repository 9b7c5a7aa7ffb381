// Mutant: addUser keeps the names of the store in a set (loaded at init) and adds the new name before saving, so a user whose save failed and was rolled back still takes the name, and a valid retry throws userExists
// Hint: A user whose save failed was never added: its name must still be free afterwards.
import Foundation
import ObjectGraph

/// A bank user (entity `User` of `Bank.yml`).
final class User: ManagedObject {
    @Managed var name: String?
    @Managed var email: String?
    @Managed var age: Int16
    @Managed var accounts: Set<Account>
}

/// An account (entity `Account`); `owner` is the inverse of `User.accounts`.
final class Account: ManagedObject {
    @Managed var name: String?
    @Managed var amount: Double
    @Managed var owner: User?
}

/// One rule a save broke: the attribute's key and the validation error's code
/// (1570 required, 1610 too large, 1620 too small, 1660 too long, 1670 too short).
struct ValidationProblem: Equatable, Encodable {
    var key: String
    var code: Int
}

enum BankError: Error, Equatable {
    /// The save failed; every rule it broke, sorted by key, then code.
    case invalid([ValidationProblem])
    /// No user has this name.
    case noSuchUser(String)
    /// A user with this name is already there.
    case userExists(String)
}

/// Users and accounts in the Core Data store `Bank.sqlite`.
final class Bank {
    private var names: Set<String> = []
    let container: PersistentContainer
    var context: ManagedObjectContext { container.viewContext }

    /// Loads the model `Bank.yml` and opens its store.
    init() {
        container = PersistentContainer(name: "Bank")
        container.loadPersistentStores { _, error in
            if let error { fatalError("Could not open the store: \(error)") }
        }
        names = Set(((try? context.fetch(User.fetchRequest())) ?? []).compactMap(\.name))
    }

    /// Saves, or forgets every unsaved change and throws the problems the save found.
    private func save() throws {
        do {
            try context.save()
        } catch let error as NSError {
            // A failed save leaves the invalid objects in the context, where they would
            // make every later save fail too.
            context.rollback()
            throw BankError.invalid(Self.problems(in: error))
        }
    }

    /// The rules a failed save broke: one error, or several under `DetailedErrorsKey` (1560).
    static func problems(in error: NSError) -> [ValidationProblem] {
        let errors = error.code == ValidationMultipleErrorsError
            ? error.userInfo[DetailedErrorsKey] as? [NSError] ?? []
            : [error]
        return errors.map { ValidationProblem(key: $0.userInfo[ValidationKeyErrorKey] as? String ?? "", code: $0.code) }
            .sorted { ($0.key, $0.code) < ($1.key, $1.code) }
    }

    private func user(named name: String) throws -> User? {
        let request = User.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        return try context.fetch(request).first
    }

    /// Inserts a user and saves; a nil age keeps the model's default.
    func addUser(name: String, email: String?, age: Int16?) throws {
        if names.contains(name) { throw BankError.userExists(name) }
        names.insert(name)
        let user = User(context: context)
        user.name = name
        user.email = email
        if let age { user.age = age }
        try save()
    }

    /// Opens an account for the user and saves.
    func openAccount(user name: String, account: String, amount: Double) throws {
        guard let owner = try user(named: name) else { throw BankError.noSuchUser(name) }
        let new = Account(context: context)
        new.name = account
        new.amount = amount
        new.owner = owner
        try save()
    }

    /// Deletes the user, and with them (cascade) their accounts, and saves.
    func deleteUser(name: String) throws {
        guard let user = try user(named: name) else { throw BankError.noSuchUser(name) }
        context.delete(user)
        try save()
    }

    /// Every user, by name.
    func users() throws -> [User] {
        let request = User.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name")]
        return try context.fetch(request)
    }

    /// How many accounts the bank holds, whoever owns them.
    func accountCount() throws -> Int {
        try context.count(for: Account.fetchRequest())
    }
}
