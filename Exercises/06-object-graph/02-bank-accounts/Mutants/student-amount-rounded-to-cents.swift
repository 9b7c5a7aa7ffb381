// Mutant: openAccount rounds the amount to whole cents before saving, as money is usually kept, so an amount just below the minimum such as 999.996 becomes 1000.0 and is saved instead of failing with (amount, 1620), and an amount such as 1234.5678 is stored as 1234.57
// Hint: Store the amount exactly as given; rounding it, even to cents, can lift an amount just under the minimum over the rule the save checks.
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
            if let error {
                fatalError("Could not open the bank's store: \(error)")
            }
        }
    }

    // MARK: Helpers

    private func findUser(_ name: String) throws -> User? {
        let request = User.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    /// The single validation errors inside a save's error: the 1560 error's details, or the
    /// error itself.
    private func validationErrors(in error: NSError) -> [NSError] {
        if error.code == CocoaError.Code.validationMultipleErrors.rawValue,
           let details = error.userInfo[DetailedErrorsKey] as? [NSError] {
            return details.flatMap { validationErrors(in: $0) }
        }
        return [error]
    }

    /// Saves; when the save fails, rolls the context back and reports every broken rule.
    private func saveOrReport() throws {
        guard context.hasChanges else { return }
        do {
            try context.save()
        } catch {
            context.rollback()
            let saveError = error as NSError
            guard saveError.domain == NSCocoaErrorDomain else { throw error }
            let problems = validationErrors(in: saveError).map { detail in
                ValidationProblem(key: detail.userInfo[ValidationKeyErrorKey] as? String ?? "", code: detail.code)
            }
            throw BankError.invalid(problems.sorted { lhs, rhs in
                lhs.key != rhs.key ? lhs.key < rhs.key : lhs.code < rhs.code
            })
        }
    }

    // MARK: Operations

    /// Inserts a user and saves; a nil age keeps the model's default.
    func addUser(name: String, email: String?, age: Int16?) throws {
        if try findUser(name) != nil { throw BankError.userExists(name) }
        let user = User(context: context)
        user.name = name
        user.email = email
        if let age {
            user.age = age
        }
        try saveOrReport()
    }

    /// Opens an account for the user and saves.
    func openAccount(user name: String, account: String, amount: Double) throws {
        guard let owner = try findUser(name) else { throw BankError.noSuchUser(name) }
        let newAccount = Account(context: context)
        newAccount.name = account
        // Money is kept in whole cents.
        newAccount.amount = (amount * 100).rounded() / 100
        newAccount.owner = owner
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
        let request = User.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "name")]
        return try context.fetch(request)
    }

    /// How many accounts the bank holds, whoever owns them.
    func accountCount() throws -> Int {
        try context.count(for: Account.fetchRequest())
    }
}
