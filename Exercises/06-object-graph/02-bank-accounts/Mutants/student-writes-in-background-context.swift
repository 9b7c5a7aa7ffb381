// Mutant: users and accounts are written and saved in a background context (newBackgroundContext + performAndWait) while users() reads through viewContext, which ObjectGraph, like Core Data without merging, does not update: a user already loaded keeps the accounts it had, so after users(), openAccount(user: "Ana", ...) and users() again, Ana's user.accounts is still empty while accountCount() says 1
// Hint: A User that users() returned must show the accounts opened for it afterwards: check which context your changes are made and saved in, and which one users() reads.
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

    /// The context the changes are made and saved in, off the main thread, as the lesson
    /// advises for work that writes; the screens read through `context`.
    private lazy var writer: ManagedObjectContext = container.newBackgroundContext()

    /// Inserts a user and saves; a nil age keeps the model's default.
    func addUser(name: String, email: String?, age: Int16?) throws {
        let writer = self.writer
        try writer.performAndWait {
            if try self.user(named: name, in: writer) != nil {
                throw BankError.userExists(name)
            }
            let user = User(context: writer)   // age is 18 here: the model's default
            user.name = name
            user.email = email
            if let age {
                user.age = age
            }
            try Self.saveOrReport(writer)
        }
    }

    /// Opens an account for the user and saves.
    func openAccount(user name: String, account: String, amount: Double) throws {
        let writer = self.writer
        try writer.performAndWait {
            guard let owner = try self.user(named: name, in: writer) else {
                throw BankError.noSuchUser(name)
            }
            let newAccount = Account(context: writer)
            newAccount.name = account
            newAccount.amount = amount
            newAccount.owner = owner
            try Self.saveOrReport(writer)
        }
    }

    /// Deletes the user, and with them their accounts, and saves.
    func deleteUser(name: String) throws {
        let writer = self.writer
        try writer.performAndWait {
            guard let user = try self.user(named: name, in: writer) else {
                throw BankError.noSuchUser(name)
            }
            writer.delete(user)   // the cascade rule takes the accounts with it
            try Self.saveOrReport(writer)
        }
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
    private func user(named name: String, in context: ManagedObjectContext) throws -> User? {
        let request = User.fetchRequest()
        request.predicate = GraphPredicate(format: "name == %@", name)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    /// Saves; when the model's rules refuse the save, rolls the context back and throws
    /// every broken rule, sorted by key and then by code.
    private static func saveOrReport(_ context: ManagedObjectContext) throws {
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
