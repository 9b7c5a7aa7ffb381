import Foundation

/// Core Data's `NSCompoundPredicate`: a ``GraphPredicate`` made of others, so that code written
/// for Core Data compiles with the prefix removed.
///
/// ```swift
/// let both = CompoundPredicate(type: .and, subpredicates: [adults, fromMadrid])
/// let either = CompoundPredicate(orPredicateWithSubpredicates: [adults, fromMadrid])
/// ```
public typealias CompoundPredicate = GraphPredicate

extension GraphPredicate {
    /// How a compound predicate joins its parts, with `NSCompoundPredicate.LogicalType`'s raw values.
    public enum LogicalType: UInt {
        case not = 0
        case and = 1
        case or = 2
    }

    /// `and` and `or` join every subpredicate (an empty `and` is true, an empty `or` false);
    /// `not` negates the first one, as Core Data does.
    public convenience init(type: LogicalType, subpredicates: [GraphPredicate]) {
        switch type {
        case .and: self.init(node: .and(subpredicates))
        case .or: self.init(node: .or(subpredicates))
        case .not:
            guard let first = subpredicates.first else {
                fatalError("ObjectGraph: a NOT compound predicate needs one subpredicate.")
            }
            self.init(node: .not(first))
        }
    }

    public convenience init(andPredicateWithSubpredicates subpredicates: [GraphPredicate]) {
        self.init(type: .and, subpredicates: subpredicates)
    }

    public convenience init(orPredicateWithSubpredicates subpredicates: [GraphPredicate]) {
        self.init(type: .or, subpredicates: subpredicates)
    }

    public convenience init(notPredicateWithSubpredicate predicate: GraphPredicate) {
        self.init(type: .not, subpredicates: [predicate])
    }
}
