import ExerciseKit
import Foundation

@main
enum BankAccountsDriver: ExerciseDriver {
    struct NewUser: Decodable { var name: String; var email: String?; var age: Int16? }
    struct NewAccount: Decodable { var user: String; var account: String; var amount: Double }
    struct Name: Decodable { var name: String }
    struct AccountRow: Encodable { var name: String; var amount: Double }
    struct UserRow: Encodable { var name: String; var email: String; var age: Int16; var accounts: [AccountRow] }

    static func register(_ app: inout Operations) {
        var bank: Bank?
        func current() -> Bank {
            if let bank { return bank }
            let opened = Bank()
            bank = opened
            return opened
        }
        func row(_ user: User) -> UserRow {
            let accounts = user.accounts.map { AccountRow(name: $0.name ?? "", amount: $0.amount) }
                .sorted { ($0.name, $0.amount) < ($1.name, $1.amount) }
            return UserRow(name: user.name ?? "", email: user.email ?? "", age: user.age, accounts: accounts)
        }
        // A save's problems are the answer: [] when it succeeded.
        func problems(_ body: () throws -> Void) throws -> [ValidationProblem] {
            do {
                try body()
                return []
            } catch BankError.invalid(let problems) {
                return problems
            }
        }

        app.on("addUser") { (args: NewUser) in
            try problems { try current().addUser(name: args.name, email: args.email, age: args.age) }
        }
        app.on("openAccount") { (args: NewAccount) in
            try problems { try current().openAccount(user: args.user, account: args.account, amount: args.amount) }
        }
        app.on("deleteUser") { (args: Name) in try current().deleteUser(name: args.name) }
        app.on("users") { try current().users().map(row) }
        app.on("accountCount") { try current().accountCount() }
        app.on("hasChanges") { current().context.hasChanges }
        // How many objects the context holds: a count that fetched every account leaves them here
        // (as contacts-search's driver does).
        app.on("loadedObjects") { current().context.registeredObjects.count }
    }
}
