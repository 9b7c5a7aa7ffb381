import ExerciseKit
import Foundation
import ObjectGraph

@main
enum CarMigrationDriver: ExerciseDriver {
    struct NewCar: Codable { var make: String; var year: Int; var licencePlate: String? }
    struct Plate: Decodable { var make: String; var licencePlate: String? }
    struct OldCar: Decodable { var make: String; var year: Int }
    struct OldCars: Decodable { var cars: [OldCar] }

    static func register(_ app: inout Operations) {
        // The garage of this launch, opened by the first call that needs it.
        var opened: Garage?
        func garage() throws -> Garage {
            if let opened { return opened }
            let garage = try Garage()
            opened = garage
            return garage
        }

        app.on("open") { _ = try garage() }
        app.on("addCar") { (args: NewCar) in
            try garage().addCar(make: args.make, year: args.year, licencePlate: args.licencePlate)
        }
        app.on("setPlate") { (args: Plate) in try garage().setPlate(make: args.make, licencePlate: args.licencePlate) }
        app.on("cars") { () -> [NewCar] in
            try garage().cars().map { NewCar(make: $0.make, year: $0.year, licencePlate: $0.licencePlate) }
        }
        // The app's first release: it opens Garage.sqlite with version v1 of the model as that
        // release shipped it (FirstRelease.yml, which has no licencePlate), and saves these
        // cars. Call it before anything else in a launch.
        app.on("oldApp") { (args: OldCars) in
            guard let url = Bundle.main.url(forResource: "FirstRelease", withExtension: "yml") else {
                throw ObjectGraphError.store("FirstRelease.yml is not in the bundle")
            }
            let v1 = try ModelFile(contentsOf: url).model(version: "v1")
            let container = PersistentContainer(name: "Garage", managedObjectModel: v1)
            var loadError: Error?
            container.loadPersistentStores { _, error in loadError = error }
            if let loadError { throw loadError }
            let context = container.viewContext
            for car in args.cars {
                let object = EntityDescription.insertNewObject(forEntityName: "Car", into: context)
                object.setValue(car.make, forKey: "make")
                object.setValue(Int32(car.year), forKey: "year")
            }
            try context.save()
        }
        // A later release that changed the type of Car.year to text (a change no lightweight
        // migration can make) opened Garage.sqlite and saved one car: the store is now one this
        // app cannot open, as after going back to an older build.
        app.on("newerApp") {
            let yaml = """
                format: 1
                entities:
                  Car:
                    attributes:
                      make: {type: string, optional: false}
                      year: string
                      licencePlate: string
                """
            let v3 = try ModelFile(yaml: yaml, path: "Garage-v3.yml").model()
            let container = PersistentContainer(name: "Garage", managedObjectModel: v3)
            var loadError: Error?
            container.loadPersistentStores { _, error in loadError = error }
            if let loadError { throw loadError }
            let car = EntityDescription.insertNewObject(forEntityName: "Car", into: container.viewContext)
            car.setValue("Seat León", forKey: "make")
            try container.viewContext.save()
        }
    }
}
