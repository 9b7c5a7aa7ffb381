// Mutant: a failed account save is not rolled back, so the invalid account stays and breaks every later save
// Hint: Compare what happens to the context after a failed save in openAccount with what happens in addUser.
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
                fatalError("Could not open the store: \(error)")
            }
        }
    }

    private func findUser(_ name: String) throws -> User? {
        let request = User.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        return try context.fetch(request).first
    }

    /// Turns a failed save into the list of problems.
    private func validationProblems(_ error: Error) -> [ValidationProblem] {
        let nsError = error as NSError
        var errors = [nsError]
        if nsError.code == ValidationMultipleErrorsError {
            errors = nsError.userInfo[DetailedErrorsKey] as? [NSError] ?? []
        }
        var problems: [ValidationProblem] = []
        for detail in errors {
            let key = detail.userInfo[ValidationKeyErrorKey] as? String ?? ""
            problems.append(ValidationProblem(key: key, code: detail.code))
        }
        problems.sort { a, b in
            if a.key != b.key { return a.key < b.key }
            return a.code < b.code
        }
        return problems
    }

    /// Inserts a user and saves; a nil age keeps the model's default.
    func addUser(name: String, email: String?, age: Int16?) throws {
        if try findUser(name) != nil {
            throw BankError.userExists(name)
        }
        let user = User(context: context)
        user.name = name
        user.email = email
        if let age {
            user.age = age
        }
        do {
            try context.save()
        } catch {
            context.rollback()
            throw BankError.invalid(validationProblems(error))
        }
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
        do {
            try context.save()
        } catch {
            throw BankError.invalid(validationProblems(error))
        }
    }

    /// Deletes the user, and with them their accounts, and saves.
    func deleteUser(name: String) throws {
        guard let user = try findUser(name) else {
            throw BankError.noSuchUser(name)
        }
        context.delete(user)
        try context.save()
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
