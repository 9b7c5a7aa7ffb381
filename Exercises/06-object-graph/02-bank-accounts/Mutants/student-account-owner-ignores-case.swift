// Mutant: openAccount looks its user up with `name ==[c] %@`, ignoring case, so openAccount(user: "ana ruiz", ...) opens an account for Ana Ruiz instead of throwing noSuchUser("ana ruiz") (and with both "ana" and "Ana" there the account may go to either)
// Hint: openAccount finds its user by the exact name, as every lookup here does.
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
            if let error { fatalError("Could not open the bank: \(error)") }
        }
    }

    private func findUser(_ name: String) throws -> User? {
        let request = FetchRequest<User>(entityName: "User")
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    /// Saves; a failed save is rolled back and reported with every rule it broke.
    private func saveOrReport() throws {
        do {
            try context.save()
        } catch {
            context.rollback()
            let nsError = error as NSError
            let errors: [NSError]
            if nsError.code == CocoaError.Code.validationMultipleErrors.rawValue,
               let details = nsError.userInfo[DetailedErrorsKey] as? [NSError] {
                errors = details
            } else {
                errors = [nsError]
            }
            let problems = errors.map {
                ValidationProblem(key: $0.userInfo[ValidationKeyErrorKey] as? String ?? "", code: $0.code)
            }.sorted { ($0.key, $0.code) < ($1.key, $1.code) }
            throw BankError.invalid(problems)
        }
    }

    /// Inserts a user and saves; a nil age keeps the model's default.
    func addUser(name: String, email: String?, age: Int16?) throws {
        guard try findUser(name) == nil else { throw BankError.userExists(name) }
        let user = User(context: context)
        user.name = name
        user.email = email
        if let age { user.age = age }
        try saveOrReport()
    }

    /// Opens an account for the user and saves.
    func openAccount(user name: String, account: String, amount: Double) throws {
        // People type the owner's name in any case when they open an account.
        let owners = FetchRequest<User>(entityName: "User")
        owners.predicate = GraphPredicate(format: "name ==[c] %@", name)
        owners.fetchLimit = 1
        guard let user = try context.fetch(owners).first else { throw BankError.noSuchUser(name) }
        let newAccount = Account(context: context)
        newAccount.name = account
        newAccount.amount = amount
        newAccount.owner = user
        try saveOrReport()
    }

    /// Deletes the user, and with them their accounts, and saves.
    func deleteUser(name: String) throws {
        guard let user = try findUser(name) else { throw BankError.noSuchUser(name) }
        context.delete(user)
        try saveOrReport()
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
}
