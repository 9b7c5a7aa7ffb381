/// SQL text with the values bound to its `?` placeholders, in order.
struct SQLFragment: Equatable {
    var sql: String
    var bindings: [SQLValue] = []
    /// Whether the expression can be NULL (`a < ?` with a NULL side): negating it must then
    /// count NULL as false first, as the in-memory evaluator does.
    var canBeNull = false

    init(_ sql: String, _ bindings: [SQLValue] = [], canBeNull: Bool = false) {
        self.sql = sql
        self.bindings = bindings
        self.canBeNull = canBeNull
    }
}

/// Why a predicate or sort descriptor has no SQL form.
enum SQLTranslationError: Error, Equatable, CustomStringConvertible {
    /// Valid, but not translated (two to-many relationships in one key path…): the caller
    /// evaluates it in memory instead.
    case untranslatable(String)
    /// The key path does not exist in the model, or uses a to-many relationship where only a
    /// single value makes sense: a programming error, as Core Data's exception is.
    case invalidKeyPath(String)

    var description: String {
        switch self {
        case .untranslatable(let message), .invalidKeyPath(let message): message
        }
    }
}

/// Hands out table aliases (`t1`, `t2`…) unique in a whole statement, subqueries included.
final class SQLAliases {
    private var next = 0

    func make() -> Int {
        defer { next += 1 }
        return next
    }
}

/// One `FROM` of a statement: a table with its alias and the LEFT JOINs to-one key paths add.
/// The main query has one; each EXISTS or COUNT subquery has its own.
final class SQLScope {
    let entity: EntityDescription
    let alias: String
    private(set) var joins: [String] = []
    private var joinAliases: [String: String] = [:]
    let aliases: SQLAliases

    init(entity: EntityDescription, aliases: SQLAliases) {
        self.entity = entity
        self.aliases = aliases
        self.alias = "t\(aliases.make())"
    }

    /// Where a key path leads: a column, or a to-many relationship the caller must turn into a
    /// subquery (with the rest of the path to read in it).
    enum Target {
        case column(String)
        case toMany(owner: String, relationship: RelationshipDescription, rest: [String])
    }

    /// The joins as SQL, each preceded by a space.
    var joinSQL: String { joins.map { " " + $0 }.joined() }

    /// Resolves `path` from this scope's table, adding one LEFT JOIN per to-one relationship
    /// crossed (reused when another part of the statement crosses it again).
    func resolve(_ path: [String]) throws -> Target {
        var alias = self.alias
        var entity = self.entity
        for (index, key) in path.enumerated() {
            guard let property = entity.propertiesByName[key] else {
                throw SQLTranslationError.invalidKeyPath(
                    "keypath \(path.joined(separator: ".")) not found in entity \(entity.name)")
            }
            let isLast = index == path.count - 1
            if let attribute = property as? AttributeDescription {
                guard isLast else {
                    throw SQLTranslationError.invalidKeyPath(
                        "keypath \(path.joined(separator: ".")): \(entity.name).\(key) is an attribute, not a relationship")
                }
                return .column("\(alias).\(StoreSchema.column(attribute))")
            }
            guard let relationship = property as? RelationshipDescription, let destination = relationship.destinationEntity else {
                throw SQLTranslationError.invalidKeyPath("keypath \(path.joined(separator: ".")): \(key) has no destination entity")
            }
            if relationship.isToMany {
                return .toMany(owner: alias, relationship: relationship, rest: Array(path[(index + 1)...]))
            }
            // A to-one relationship at the end is its foreign key: objects compare by key.
            if isLast { return .column("\(alias).\(StoreSchema.column(relationship))") }
            alias = join(relationship, from: alias, to: destination)
            entity = destination
        }
        return .column("\(alias).\(StoreSchema.primaryKey)")
    }

    /// A column for `path`, which must not cross a to-many relationship.
    func column(_ path: [String]) throws -> String {
        switch try resolve(path) {
        case .column(let column): return column
        case .toMany(_, let relationship, _):
            throw SQLTranslationError.invalidKeyPath(PredicateKeyPathError.toManyNotAllowed(relationship.name, path: path).message)
        }
    }

    private func join(_ relationship: RelationshipDescription, from alias: String, to destination: EntityDescription) -> String {
        let key = alias + "." + relationship.name
        if let existing = joinAliases[key] { return existing }
        let joined = "t\(aliases.make())"
        joins.append(
            "LEFT JOIN \(StoreSchema.table(destination)) \(joined) ON \(joined).\(StoreSchema.primaryKey) = \(alias).\(StoreSchema.column(relationship))")
        joinAliases[key] = joined
        return joined
    }

    /// A subquery over the objects of a to-many relationship of the row `owner`: its scope
    /// (for the destination's columns), its FROM text, the condition tying it to `owner`, and
    /// the smaller FROM a COUNT needs (the join table alone, when there is one).
    /// The foreign key is on the destination when the inverse is to-one, else in the join table.
    func subquery(over relationship: RelationshipDescription, owner: String) throws -> (scope: SQLScope, from: String, link: String, countFrom: String) {
        guard let destination = relationship.destinationEntity else {
            throw SQLTranslationError.invalidKeyPath("\(relationship) has no destination entity")
        }
        let scope = SQLScope(entity: destination, aliases: aliases)
        let table = StoreSchema.table(destination)
        let key = StoreSchema.primaryKey
        if let join = StoreSchema.joinTable(relationship) {
            let joinAlias = "j" + scope.alias.dropFirst()
            let from = "\(join.name) \(joinAlias) JOIN \(table) \(scope.alias) ON \(scope.alias).\(key) = \(joinAlias).\(join.destinationColumn)"
            let link = "\(joinAlias).\(join.sourceColumn) = \(owner).\(key)"
            return (scope, from, link, "\(join.name) \(joinAlias)")
        }
        guard let inverse = relationship.inverseRelationship else {
            throw SQLTranslationError.untranslatable("\(relationship) has neither an inverse nor a join table")
        }
        let link = "\(scope.alias).\(StoreSchema.column(inverse)) = \(owner).\(key)"
        return (scope, "\(table) \(scope.alias)", link, "\(table) \(scope.alias)")
    }
}
