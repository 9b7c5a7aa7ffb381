import ExerciseKit
import Foundation

@main
enum PeopleAndCarsDriver: ExerciseDriver {
    struct NewPerson: Decodable { var name: String }
    struct NewCar: Decodable { var model: String; var year: Int32; var owner: String }
    struct Sale: Decodable { var model: String; var from: String; var to: String }
    struct CarRow: Encodable { var model: String; var year: Int32 }
    struct PersonRow: Encodable { var name: String; var cars: [CarRow] }

    static func register(_ app: inout Operations) {
        // The garage of this launch, opened by the first call that needs it.
        var garage: Garage?
        func current() -> Garage {
            if let garage { return garage }
            let opened = Garage()
            garage = opened
            return opened
        }
        func row(_ car: Car) -> CarRow { CarRow(model: car.model ?? "", year: car.year) }
        // A person's cars read through the relationship, in the statement's order.
        func row(_ person: Person) -> PersonRow {
            let cars = person.cars.map(row).sorted { ($0.year, $0.model) < ($1.year, $1.model) }
            return PersonRow(name: person.name ?? "", cars: cars)
        }

        app.on("addPerson") { (args: NewPerson) in try current().addPerson(name: args.name) }
        app.on("addCar") { (args: NewCar) in
            try current().addCar(model: args.model, year: args.year, owner: args.owner)
        }
        app.on("sell") { (args: Sale) in try current().sell(model: args.model, from: args.from, to: args.to) }
        app.on("cars") { (args: NewPerson) in try current().cars(of: args.name).map(row) }
        app.on("people") { try current().people().map(row) }
        app.on("removePerson") { (args: NewPerson) in try current().removePerson(name: args.name) }
        app.on("ownerlessCars") { try current().ownerlessCars().map(row) }
        // Whether the context holds changes no save has written.
        app.on("hasChanges") { current().context.hasChanges }
    }
}
