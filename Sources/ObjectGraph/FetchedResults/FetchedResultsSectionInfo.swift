import Foundation

/// One section of a ``FetchedResultsController``'s results: Core Data's
/// `NSFetchedResultsSectionInfo`, here a value rather than a protocol.
///
/// With a `sectionNameKeyPath`, the objects of a section share the value at that key path, and
/// the section is named after it; without one, all results form a single section named "".
public struct FetchedResultsSectionInfo: CustomStringConvertible {
    /// The value at the section key path as text (`"Pedro"`, `"2005"`); "" for nil.
    public let name: String
    /// The title in a section index: the name's first character, uppercased; nil for "".
    public let indexTitle: String?
    /// The section's objects, in the results' order, typed as Core Data types them (`[Any]?`,
    /// never nil here), so that `section.objects as? [Car]` and `section.objects?.count`
    /// compile as written for Core Data.
    public var objects: [Any]? { managedObjects }
    /// The same objects, as the controller keeps them.
    let managedObjects: [ManagedObject]

    public var numberOfObjects: Int { managedObjects.count }

    init(name: String, objects: [ManagedObject]) {
        self.name = name
        self.indexTitle = Self.indexTitle(forSectionName: name)
        self.managedObjects = objects
    }

    /// Core Data's default section index title: the first character of `name`, uppercased.
    static func indexTitle(forSectionName name: String) -> String? {
        name.first.map { String($0).uppercased() }
    }

    public var description: String { "\(name) (\(numberOfObjects) object\(numberOfObjects == 1 ? "" : "s"))" }
}

extension FetchedResultsSectionInfo {
    /// Sorted `objects` grouped into sections by the value at `keyPath`.
    ///
    /// Objects whose section names are equal are grouped even when other sections come between
    /// them (the first sort descriptor is the section key path, so this only happens when the
    /// key path's text is equal for values that sort apart).
    /// Without a key path there is always exactly one section, even with no objects.
    static func sections(of objects: [ManagedObject], keyPath: String?) -> [FetchedResultsSectionInfo] {
        guard let keyPath else { return [FetchedResultsSectionInfo(name: "", objects: objects)] }
        var names: [String] = []
        var members: [String: [ManagedObject]] = [:]
        for object in objects {
            let name = sectionName(of: object, keyPath: keyPath)
            if members[name] == nil { names.append(name) }
            members[name, default: []].append(object)
        }
        return names.map { FetchedResultsSectionInfo(name: $0, objects: members[$0]!) }
    }

    /// The value at a key path such as `"owner.name"`, read one key at a time through to-one
    /// relationships, as text; "" when any step is nil.
    static func sectionName(of object: ManagedObject, keyPath: String) -> String {
        var value: Any? = object
        for key in keyPath.split(separator: ".") {
            guard let reader = value as? KeyValueReading else { return "" }
            value = reader.value(forKey: String(key)).flatMap { unwrap($0) }
        }
        guard let value else { return "" }
        return value as? String ?? String(describing: value)
    }
}
