// Mutant: addUser trims spaces and newlines around the name before the duplicate check and the save, so " Ana Ruiz" throws userExists("Ana Ruiz") when Ana Ruiz is there (and is stored as "Ana Ruiz" otherwise), and "a " is saved as "a" and reported (name, 1670)
// Hint: A user's name is stored and compared exactly as given, spaces included; its length rules count them too.
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
    func addUser(name rawName: String, email: String?, age: Int16?) throws {
        let name = rawName.trimmingCharacters(in: .whitespacesAndNewlines)
        if try findUser(name) != nil {
            throw BankError.userExists(name)
        }
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
        guard let user = try findUser(name) else {
            throw BankError.noSuchUser(name)
        }
        let newAccount = Account(context: context)
        newAccount.name = account
        newAccount.amount = amount
        newAccount.owner = user
        try saveOrReport()
    }

    /// Deletes the user, and with them their accounts, and saves.
    func deleteUser(name: String) throws {
        guard let user = try findUser(name) else {
            throw BankError.noSuchUser(name)
        }
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

    private func findUser(_ name: String) throws -> User? {
        let request = User.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    /// Saves; when the save fails, rolls back and throws every rule it broke.
    private func saveOrReport() throws {
        guard context.hasChanges else { return }
        do {
            try context.save()
        } catch {
            context.rollback()
            let nsError = error as NSError
            let singles: [NSError]
            if nsError.code == CocoaError.Code.validationMultipleErrors.rawValue,
               let details = nsError.userInfo[DetailedErrorsKey] as? [NSError] {
                singles = details
            } else {
                singles = [nsError]
            }
            let problems = singles.map {
                ValidationProblem(key: $0.userInfo[ValidationKeyErrorKey] as? String ?? "", code: $0.code)
            }.sorted { ($0.key, $0.code) < ($1.key, $1.code) }
            throw BankError.invalid(problems)
        }
    }
}
