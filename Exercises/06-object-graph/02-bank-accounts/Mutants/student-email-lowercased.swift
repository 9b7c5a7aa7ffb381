// Mutant: addUser stores the email trimmed and lowercased ("Ana.Ruiz@Example.COM" is saved as "ana.ruiz@example.com"), taking addresses for case-insensitive, so user.email and the ZEMAIL column hold another text than the one given
// Hint: Does the statement ask you to change the email you are given before you store it?
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
                fatalError("Could not open the store Bank.sqlite: \(error)")
            }
        }
    }

    /// Inserts a user and saves; a nil age keeps the model's default.
    func addUser(name: String, email: String?, age: Int16?) throws {
        if try user(named: name) != nil {
            throw BankError.userExists(name)
        }
        let user = User(context: context)   // age is 18 here: the model's default
        user.name = name
        // Addresses are case-insensitive: keep one spelling, without stray spaces.
        user.email = email?.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if let age {
            user.age = age
        }
        try saveOrReport()
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
        try saveOrReport()
    }

    /// Deletes the user, and with them their accounts, and saves.
    func deleteUser(name: String) throws {
        guard let user = try user(named: name) else {
            throw BankError.noSuchUser(name)
        }
        context.delete(user)   // the cascade rule takes the accounts with it
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

    // MARK: - Helpers

    /// The user with exactly this name, or nil.
    private func user(named name: String) throws -> User? {
        let request = User.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    /// Saves; when the model's rules refuse the save, rolls the context back and throws
    /// every broken rule, sorted by key and then by code.
    private func saveOrReport() throws {
        do {
            try context.save()
        } catch {
            context.rollback()
            let nsError = error as NSError
            guard nsError.domain == NSCocoaErrorDomain else { throw error }
            let problems = Self.problems(in: nsError)
            guard !problems.isEmpty else { throw error }
            throw BankError.invalid(problems.sorted { first, second in
                first.key != second.key ? first.key < second.key : first.code < second.code
            })
        }
    }

    /// The single validation errors of a failed save: the details of a 1560, or the error itself.
    private static func problems(in error: NSError) -> [ValidationProblem] {
        if error.code == CocoaError.Code.validationMultipleErrors.rawValue {
            let details = error.userInfo[DetailedErrorsKey] as? [NSError] ?? []
            return details.flatMap { problems(in: $0) }
        }
        guard let key = error.userInfo[ValidationKeyErrorKey] as? String else { return [] }
        return [ValidationProblem(key: key, code: error.code)]
    }
}
