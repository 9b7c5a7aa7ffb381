// Mutant: after a failed save, the new user or account is deleted from the context (`context.delete(object)`) instead of rolling the context back; a new user leaves nothing behind, but a new account had already been added to its owner's `accounts` (the inverse), so the owner stays in updatedObjects and the context still has unsaved changes after openAccount(user: "Ana Ruiz", account: "Savings", amount: 999)
// Hint: Roll the context back: deleting the refused object leaves its owner changed (the inverse relationship), so the context still has changes.
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
                fatalError("Could not open Bank.sqlite: \(error)")
            }
        }
    }

    /// Inserts a user and saves; a nil age keeps the model's default.
    func addUser(name: String, email: String?, age: Int16?) throws {
        if try user(named: name) != nil {
            throw BankError.userExists(name)
        }
        let user = User(context: context)
        user.name = name
        user.email = email
        if let age {
            user.age = age
        }
        try saveReportingProblems(discarding: user)
    }

    /// Opens an account for the user and saves.
    func openAccount(user name: String, account: String, amount: Double) throws {
        guard let owner = try user(named: name) else {
            throw BankError.noSuchUser(name)
        }
        let newAccount = Account(context: context)
        newAccount.name = account
        newAccount.amount = amount
        newAccount.owner = owner
        try saveReportingProblems(discarding: newAccount)
    }

    /// Deletes the user, and with them their accounts, and saves.
    func deleteUser(name: String) throws {
        guard let user = try user(named: name) else {
            throw BankError.noSuchUser(name)
        }
        context.delete(user)
        try saveReportingProblems()
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

    // MARK: - Helpers

    private func user(named name: String) throws -> User? {
        let request = User.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    /// Saves. When the save fails, takes the new object back out of the context and throws the
    /// problems it found.
    private func saveReportingProblems(discarding newObject: ManagedObject? = nil) throws {
        guard context.hasChanges else { return }
        do {
            try context.save()
        } catch {
            if let newObject {
                context.delete(newObject)
            } else {
                context.rollback()
            }
            let problems = Self.problems(in: error as NSError)
            if problems.isEmpty {
                throw error
            }
            throw BankError.invalid(problems)
        }
    }

    /// The single validation errors of a failed save (the details of a 1560), sorted by key, then code.
    private static func problems(in error: NSError) -> [ValidationProblem] {
        guard error.domain == NSCocoaErrorDomain else { return [] }
        let singles: [NSError]
        if error.code == CocoaError.Code.validationMultipleErrors.rawValue {
            singles = error.userInfo[DetailedErrorsKey] as? [NSError] ?? []
        } else {
            singles = [error]
        }
        return singles
            .map { ValidationProblem(key: $0.userInfo[ValidationKeyErrorKey] as? String ?? "", code: $0.code) }
            .sorted { ($0.key, $0.code) < ($1.key, $1.code) }
    }
}
