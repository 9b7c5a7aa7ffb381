// Mutant: stores email ?? "" because the student does not want a nil in a required attribute, but an empty string is a value, so a user without an email is saved instead of reported
// Hint: An empty string is a value, so a required attribute that holds `""` passes the save's check. Keep a missing email nil, and let the save report it as missing.
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

final class Bank {
    let container: PersistentContainer
    var context: ManagedObjectContext { container.viewContext }

    init() {
        container = PersistentContainer(name: "Bank")
        container.loadPersistentStores { _, error in
            if error != nil { fatalError("no store") }
        }
    }

    func find(_ name: String) -> User? {
        let r = User.fetchRequest()
        r.predicate = GraphPredicate(format: "name == %@", name)
        return (try? context.fetch(r))?.first
    }

    func saveOrReport() throws {
        do {
            try context.save()
        } catch {
            let nsError = error as NSError
            var list: [ValidationProblem] = []
                        if let details = nsError.userInfo[DetailedErrorsKey] as? [NSError] {
                for e in details {
                    list.append(ValidationProblem(key: e.userInfo[ValidationKeyErrorKey] as? String ?? "", code: e.code))
                }
            } else {
                list.append(ValidationProblem(key: nsError.userInfo[ValidationKeyErrorKey] as? String ?? "", code: nsError.code))
            }
            context.rollback()
            throw BankError.invalid(list.sorted { $0.key == $1.key ? $0.code < $1.code : $0.key < $1.key })
        }
    }

    func addUser(name: String, email: String?, age: Int16?) throws {
        if find(name) != nil { throw BankError.userExists(name) }
        let u = User(context: context)
        u.name = name
        u.email = email ?? ""
        if let age = age { u.age = age }
        try saveOrReport()
    }

    func openAccount(user name: String, account: String, amount: Double) throws {
        guard let u = find(name) else { throw BankError.noSuchUser(name) }
        let a = Account(context: context)
        a.name = account
        a.amount = amount
        a.owner = u
        try saveOrReport()
    }

    func deleteUser(name: String) throws {
        guard let u = find(name) else { throw BankError.noSuchUser(name) }
        context.delete(u)
        try saveOrReport()
    }

    func users() throws -> [User] {
        let r = User.fetchRequest()
        r.sortDescriptors = [GraphSortDescriptor(key: "name", ascending: true)]
        return try context.fetch(r)
    }

    func accountCount() throws -> Int {
        return try context.count(for: Account.fetchRequest())
    }
}
