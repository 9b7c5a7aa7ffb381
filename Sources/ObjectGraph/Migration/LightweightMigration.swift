/// An inferred migration between two model versions. (Filled in with the migration work.)
struct LightweightMigration {
    var statements: [String] = []

    init(from source: StoredModel, to destination: ManagedObjectModel) throws {
        throw CoreDataError.make(.migrationMissingMappingModel, "Migration is not available yet.")
    }
}
