// Mutant: when the store made by version 1 does not open (migration turned off), deletes Garage.sqlite and starts again, the common advice for 'the model used to open the store is incompatible' during development; the error is gone and so is every car
// Hint: Deleting the store makes the error go away together with every car the user saved in the first release. Leave migration on so that Core Data migrates the old store as it opens, and throw the error when a store still cannot be opened.
import Foundation
import ObjectGraph

final class Car: ManagedObject {
    @Managed var make: String?
    @Managed var year: Int32
    @Managed var licencePlate: String?
}

/// A car as the app shows it.
struct CarInfo: Equatable {
    var make: String
    var year: Int
    var licencePlate: String?
}

enum GarageError: Error, Equatable {
    case noSuchCar(String)
}

final class Garage {
    let persistentContainer: PersistentContainer

    init() throws {
        persistentContainer = PersistentContainer(name: "Garage")
        if let description = persistentContainer.persistentStoreDescriptions.first {
            description.shouldMigrateStoreAutomatically = false
        }
        var openError: Error?
        persistentContainer.loadPersistentStores { _, error in openError = error }

        if openError != nil {
            // Model changed since the store was made ("incompatible" error):
            // throw the old store away and make a new one.
            let folder = PersistentContainer.defaultDirectoryURL()
            let files = ["Garage.sqlite", "Garage.sqlite-wal", "Garage.sqlite-shm"]
            for file in files {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(file))
            }
            openError = nil
            persistentContainer.loadPersistentStores { _, error in openError = error }
            if let openError = openError {
                throw openError
            }
        }
    }

    func addCar(make: String, year: Int, licencePlate: String?) throws {
        let context = persistentContainer.viewContext
        let car = Car(context: context)
        car.make = make
        car.licencePlate = licencePlate
        car.year = Int32(year)
        try context.save()
    }

    func setPlate(make: String, licencePlate: String?) throws {
        let context = persistentContainer.viewContext
        let request = Car.fetchRequest()
        request.predicate = GraphPredicate(format: "make == %@", make)
        let matching = try context.fetch(request)
        if matching.count == 0 {
            throw GarageError.noSuchCar(make)
        }
        matching.forEach { $0.licencePlate = licencePlate }
        try context.save()
    }

    func cars() throws -> [CarInfo] {
        let request = Car.fetchRequest()
        request.sortDescriptors = [GraphSortDescriptor(key: "make", ascending: true),
                                   GraphSortDescriptor(key: "year", ascending: true)]
        let found = try persistentContainer.viewContext.fetch(request)
        var infos: [CarInfo] = []
        for car in found {
            infos.append(CarInfo(make: car.make!, year: Int(car.year), licencePlate: car.licencePlate))
        }
        return infos
    }
}
