// Mutant: addUser refuses a name that an existing user has in another case
// Hint: Names are compared exactly, as everywhere in this exercise: `name == %@`, not `==[c]`; `ana` and `Ana` are two users.
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
    let container: PersistentContainer
    var context: ManagedObjectContext { container.viewContext }

    /// Loads the model `Bank.yml` and opens its store.
    init() {
        container = PersistentContainer(name: "Bank")
        container.loadPersistentStores { _, error in
            if let error { fatalError("Could not open the store: \(error)") }
        }
    }

    /// Inserts a user and saves; a nil age keeps the model's default.
    func addUser(name: String, email: String?, age: Int16?) throws {
        let sameName = FetchRequest<User>(entityName: "User")
        sameName.predicate = GraphPredicate(format: "name ==[c] %@", name)
        if try context.count(for: sameName) > 0 { throw BankError.userExists(name) }
        let user = User(context: context)
        user.name = name
        user.email = email
        if let age { user.age = age }
        try save()
    }

    /// Opens an account for the user and saves.
    func openAccount(user name: String, account: String, amount: Double) throws {
        guard let owner = try user(named: name) else { throw BankError.noSuchUser(name) }
        let newAccount = Account(context: context)
        newAccount.name = account
        newAccount.amount = amount
        newAccount.owner = owner
        try save()
    }

    /// Deletes the user, and with them their accounts, and saves.
    func deleteUser(name: String) throws {
        guard let user = try user(named: name) else { throw BankError.noSuchUser(name) }
        context.delete(user)
        try save()
    }

    /// Every user, by name.
    func users() throws -> [User] {
        let request = FetchRequest<User>(entityName: "User")
        request.sortDescriptors = [GraphSortDescriptor(key: "name")]
        return try context.fetch(request)
    }

    /// How many accounts the bank holds, whoever owns them.
    func accountCount() throws -> Int {
        try context.count(for: FetchRequest<Account>(entityName: "Account"))
    }

    // MARK: Helpers

    private func user(named name: String) throws -> User? {
        let request = FetchRequest<User>(entityName: "User")
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    /// Saves; when the save fails, rolls back and throws every problem it found.
    private func save() throws {
        do {
            try context.save()
        } catch {
            context.rollback()
            throw BankError.invalid(Bank.problems(in: error))
        }
    }

    /// The single validation errors of a failed save (the details of a 1560), sorted.
    private static func problems(in error: Error) -> [ValidationProblem] {
        let error = error as NSError
        var errors = [error]
        if error.code == CocoaError.Code.validationMultipleErrors.rawValue,
           let details = error.userInfo[DetailedErrorsKey] as? [NSError] {
            errors = details
        }
        return errors
            .map { ValidationProblem(key: $0.userInfo[ValidationKeyErrorKey] as? String ?? "", code: $0.code) }
            .sorted { ($0.key, $0.code) < ($1.key, $1.code) }
    }
}
