import Foundation

/// The changes between two sectioned results, in the order and with the index paths Core Data
/// reports them to a fetched results controller's delegate.
///
/// A pure value computed from the old and new sections and the objects the context reported as
/// updated, so the rules can be tested with plain strings:
///
/// - a section is inserted when its name is new, deleted when its name is gone;
/// - an object is deleted (at its old index path) or inserted (at its new one) when it left or
///   entered the results;
/// - an updated object that stayed is a *move* when its section changed or its place among the
///   objects that did not change did; otherwise an *update* at its old index path;
/// - an object that merely shifts because others came or went gets no change at all;
/// - an object not reported as updated whose section or order changed anyway (through a
///   relationship in the key path) is a move too.
///
/// Moves are kept few: among updated objects that sit in the same gap between unchanged
/// objects, the longest run still in the old order stays put and only the rest move.
struct FetchedResultsChanges<Object: Hashable> {
    struct Section {
        var name: String
        var objects: [Object]
    }

    enum Change: Equatable, CustomStringConvertible {
        case section(name: String, index: Int, type: FetchedResultsChangeType)
        case object(Object, at: IndexPath?, type: FetchedResultsChangeType, newIndexPath: IndexPath?)

        var description: String {
            switch self {
            case .section(let name, let index, let type): "section \(type) \(index) \"\(name)\""
            case .object(let object, let old, let type, let new):
                "\(type) \(object) \(old.map { "[\($0[0]),\($0[1])]" } ?? "-") → \(new.map { "[\($0[0]),\($0[1])]" } ?? "-")"
            }
        }
    }

    /// Section inserts, section deletes, object deletes, inserts, updates, moves: each group in
    /// index path order (old index paths for deletes, updates and moves, new ones for inserts).
    let changes: [Change]

    init(from old: [Section], to new: [Section], updated: Set<Object>) {
        let before = Positions(old)
        let after = Positions(new)
        var changes: [Change] = []

        let oldNames = Set(old.map(\.name))
        let newNames = Set(new.map(\.name))
        for (index, section) in new.enumerated() where !oldNames.contains(section.name) {
            changes.append(.section(name: section.name, index: index, type: .insert))
        }
        for (index, section) in old.enumerated() where !newNames.contains(section.name) {
            changes.append(.section(name: section.name, index: index, type: .delete))
        }

        for object in before.order where after.place[object] == nil {
            changes.append(.object(object, at: before.place[object]!.path, type: .delete, newIndexPath: nil))
        }
        for object in after.order where before.place[object] == nil {
            changes.append(.object(object, at: nil, type: .insert, newIndexPath: after.place[object]!.path))
        }

        let stayed = before.order.filter { after.place[$0] != nil }
        // An object the context did not report can still move: its section or sort key may come
        // through a relationship (`owner.name`) whose object changed. Such objects count as
        // updated for finding moves, or the reported changes would not add up to the new results.
        // Only they are ordered here: updated objects may move anyway, and must not push an
        // unreported object out of the run that stays (`a b c` to `a c b` with `b` renamed
        // moves `b`, not `c`).
        let unreported = after.order.filter { before.place[$0] != nil && !updated.contains($0) }
        let inOrder = Self.longestIncreasingRun(unreported.map { before.place[$0]!.offset })
        var candidates = updated
        for (index, object) in unreported.enumerated()
        where !inOrder.contains(index) || before.place[object]!.section != after.place[object]!.section {
            candidates.insert(object)
        }
        let moved = Self.moves(updated: candidates, before: before, after: after)
        for object in stayed where updated.contains(object) && !moved.contains(object) {
            changes.append(.object(object, at: before.place[object]!.path, type: .update, newIndexPath: nil))
        }
        for object in stayed where moved.contains(object) {
            changes.append(.object(object, at: before.place[object]!.path, type: .move, newIndexPath: after.place[object]!.path))
        }
        self.changes = changes
    }

    /// Where each object is: its index path, its section's name and its offset in the flat list.
    private struct Positions {
        struct Place {
            var path: IndexPath
            var section: String
            var offset: Int
        }

        var order: [Object] = []
        var place: [Object: Place] = [:]

        init(_ sections: [Section]) {
            for (sectionIndex, section) in sections.enumerated() {
                for (item, object) in section.objects.enumerated() {
                    place[object] = Place(path: IndexPath(indexes: [sectionIndex, item]), section: section.name, offset: order.count)
                    order.append(object)
                }
            }
        }
    }

    /// Updated objects that may stay: those with the same gap in the same section.
    private struct Slot: Hashable {
        var gap: Int
        var section: String
    }

    /// The updated objects in both results that moved.
    private static func moves(updated: Set<Object>, before: Positions, after: Positions) -> Set<Object> {
        // Objects that were not updated keep their order; each updated one lies in a gap between
        // them (the number of unchanged objects before it). Changing gap or section is a move.
        func gaps(in order: [Object]) -> [Object: Int] {
            var result: [Object: Int] = [:]
            var unchanged = 0
            // Inserted and deleted objects are in one list only, so they do not count.
            for object in order where before.place[object] != nil && after.place[object] != nil {
                if updated.contains(object) {
                    result[object] = unchanged
                } else {
                    unchanged += 1
                }
            }
            return result
        }
        let oldGaps = gaps(in: before.order)
        let newGaps = gaps(in: after.order)

        var moved = Set<Object>()
        var slots: [Slot: [Object]] = [:]
        for object in after.order {
            guard let oldGap = oldGaps[object], let newGap = newGaps[object] else { continue }
            let section = after.place[object]!.section
            if oldGap != newGap || before.place[object]!.section != section {
                moved.insert(object)
            } else {
                slots[Slot(gap: newGap, section: section), default: []].append(object)
            }
        }
        // Within one slot, objects listed in new order: those on the longest run that is still
        // in old order stay; the others moved past them.
        for objects in slots.values where objects.count > 1 {
            let kept = longestIncreasingRun(objects.map { before.place[$0]!.offset })
            for (index, object) in objects.enumerated() where !kept.contains(index) { moved.insert(object) }
        }
        return moved
    }

    /// The indexes of a longest strictly increasing subsequence of `values` (patience sorting,
    /// O(n log n)).
    static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []  // tails[k]: index of the smallest tail of a run of length k + 1
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var result = Set<Int>()
        var index = tails.last ?? -1
        while index >= 0 {
            result.insert(index)
            index = previous[index]
        }
        return result
    }
}
