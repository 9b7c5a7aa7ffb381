import ExerciseKit
import Foundation
import ObjectGraph

@main
enum DeleteRulesDriver: ExerciseDriver {
    struct Name: Decodable { var name: String }
    struct NewCar: Decodable { var plate: String; var owner: String }
    struct Plate: Decodable { var plate: String }
    struct NewBook: Decodable { var title: String; var borrower: String }
    struct Title: Decodable { var title: String }
    struct NewPet: Decodable { var name: String; var keeper: String }
    struct PersonRow: Encodable { var name: String; var cars: [String]; var books: [String]; var pets: [String] }
    struct LeftoverRow: Encodable { var cars: [String]; var books: [String]; var pets: [String] }

    static func register(_ app: inout Operations) {
        // The lab of this launch, opened by the first call that needs it.
        var opened: Lab?
        func lab() -> Lab {
            if let opened { return opened }
            let lab = Lab()
            opened = lab
            return lab
        }

        app.on("addPerson") { (args: Name) in try lab().addPerson(args.name) }
        app.on("addCar") { (args: NewCar) in try lab().addCar(plate: args.plate, owner: args.owner) }
        app.on("addBook") { (args: NewBook) in try lab().addBook(title: args.title, borrower: args.borrower) }
        app.on("addPet") { (args: NewPet) in try lab().addPet(name: args.name, keeper: args.keeper) }
        app.on("deletePerson") { (args: Name) in try lab().deletePerson(args.name) }
        // The error a refused deletion throws, as its userInfo describes it; null when nothing is thrown.
        app.on("refusedDeletion") { (args: Name) -> [String: JSONValue] in
            do {
                try lab().deletePerson(args.name)
                return [:]
            } catch let error as NSError {
                return ["code": .int(error.code),
                        "key": (error.userInfo[ValidationKeyErrorKey] as? String).map(JSONValue.string) ?? .null,
                        "person": (error.userInfo[ValidationObjectErrorKey] as? Person).map { .string($0.name ?? "") } ?? .null]
            }
        }
        app.on("returnBook") { (args: Title) in try lab().returnBook(args.title) }
        app.on("deleteCar") { (args: Plate) in try lab().deleteCar(plate: args.plate) }
        app.on("people") { () -> [PersonRow] in
            try lab().people().map { PersonRow(name: $0.name, cars: $0.cars, books: $0.books, pets: $0.pets) }
        }
        app.on("leftovers") { () -> LeftoverRow in
            let left = try lab().leftovers()
            return LeftoverRow(cars: left.cars, books: left.books, pets: left.pets)
        }
    }
}
