// Mutant: opens the store the pre-NSPersistentContainer way, copied from an older tutorial, with addPersistentStore(ofType:configurationName:at:options: nil); without both migration options Core Data never migrates, so a version 1 store fails with 134100
// Hint: A store added with no options is never migrated, so the first release's store does not open with version 2 (134100). Check how your store is added: the container's store descriptions turn both migration options on by default, while the options of `addPersistentStore` must name them.
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
    private let container = PersistentContainer(name: "Garage")
    private var moc: ManagedObjectContext { container.viewContext }

    init() throws {
        // Set up the stack by hand: the coordinator, then the SQLite store in Application Support.
        let storeURL = PersistentContainer.defaultDirectoryURL().appendingPathComponent("Garage.sqlite")
        let folder = storeURL.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: folder.path) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let coordinator = container.persistentStoreCoordinator
        _ = try coordinator.addPersistentStore(ofType: SQLiteStoreType, configurationName: nil, at: storeURL, options: nil)
    }

    func addCar(make: String, year: Int, licencePlate: String?) throws {
        let newCar = Car(context: moc)
        newCar.make = make
        newCar.year = Int32(year)
        if let plate = licencePlate {
            newCar.licencePlate = plate
        }
        try moc.save()
    }

    func setPlate(make: String, licencePlate: String?) throws {
        let fetch = Car.fetchRequest()
        fetch.predicate = GraphPredicate(format: "make == %@", make)
        let cars = try moc.fetch(fetch)
        guard cars.count > 0 else { throw GarageError.noSuchCar(make) }
        for i in cars.indices {
            cars[i].licencePlate = licencePlate
        }
        try moc.save()
    }

    func cars() throws -> [CarInfo] {
        let fetch = Car.fetchRequest()
        fetch.sortDescriptors = [GraphSortDescriptor(key: "make"), GraphSortDescriptor(key: "year")]
        return try moc.fetch(fetch).map { car in
            var info = CarInfo(make: car.make ?? "", year: 0, licencePlate: nil)
            info.year = Int(car.year)
            info.licencePlate = car.licencePlate
            return info
        }
    }
}
