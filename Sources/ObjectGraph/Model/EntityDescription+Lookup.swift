import Foundation

extension EntityDescription {
    /// The entity named `entityName` in the model of `context`'s coordinator, or nil: Core
    /// Data's `NSEntityDescription.entity(forEntityName:in:)`.
    public class func entity(forEntityName entityName: String, in context: ManagedObjectContext) -> EntityDescription? {
        context.model.entitiesByName[entityName]
    }

    /// Makes an object of the entity named `entityName`, with the entity's class, and inserts it
    /// into `context`: Core Data's `NSEntityDescription.insertNewObject(forEntityName:into:)`.
    ///
    /// ```swift
    /// let person = EntityDescription.insertNewObject(forEntityName: "Person", into: context) as! Person
    /// ```
    ///
    /// A name the model does not have is a programming error, and traps with Core Data's message.
    public class func insertNewObject(forEntityName entityName: String, into context: ManagedObjectContext) -> ManagedObject {
        guard let entity = entity(forEntityName: entityName, in: context) else {
            fatalError("ObjectGraph: +entityForName: could not locate an entity named '\(entityName)' in this model.")
        }
        let type = entity.managedObjectClass ?? ManagedObject.self
        return type.init(entity: entity, insertInto: context)
    }
}
