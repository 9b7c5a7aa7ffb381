// Mutant: addUser looks for a user with the same name among the objects the context has registered instead of asking the store, so it only sees the users inserted or fetched in this launch: after a relaunch (or a kill), adding a name that a user already has in Bank.sqlite saves a second user with it instead of throwing userExists
// Hint: A name is taken by any user in the store, including those the context has not loaded in this launch: ask the store, not the context's registered objects.
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

    /// Inserts a user and saves; a nil age keeps the model's default.
    func addUser(name: String, email: String?, age: Int16?) throws {
        // The users the context already holds: no need to ask the store again.
        let taken = context.registeredObjects.contains { object in
            guard let user = object as? User, !user.isDeleted else { return false }
            return user.name == name
        }
        guard !taken else {
            throw BankError.userExists(name)
        }
        let user = User(context: context)
        user.name = name
        user.email = email
        if let age {
            user.age = age
        }
        try saveOrRollBack()
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
        try saveOrRollBack()
    }

    /// Deletes the user, and with them their accounts, and saves.
    func deleteUser(name: String) throws {
        guard let user = try user(named: name) else {
            throw BankError.noSuchUser(name)
        }
        context.delete(user)     // the cascade rule takes the accounts at save
        try saveOrRollBack()
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

    /// Saves; when the model refuses, forgets the unsaved changes and reports every rule broken.
    private func saveOrRollBack() throws {
        guard context.hasChanges else { return }
        do {
            try context.save()
        } catch {
            context.rollback()
            let problems = Self.problems(in: error as NSError)
            guard !problems.isEmpty else { throw error }
            throw BankError.invalid(problems)
        }
    }

    private static func problems(in error: NSError) -> [ValidationProblem] {
        let singles: [NSError]
        if error.code == CocoaError.Code.validationMultipleErrors.rawValue {
            singles = error.userInfo[DetailedErrorsKey] as? [NSError] ?? []
        } else {
            singles = [error]
        }
        return singles
            .compactMap { single -> ValidationProblem? in
                guard let key = single.userInfo[ValidationKeyErrorKey] as? String else { return nil }
                return ValidationProblem(key: key, code: single.code)
            }
            .sorted { ($0.key, $0.code) < ($1.key, $1.code) }
    }
}
