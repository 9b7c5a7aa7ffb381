import Foundation
import GraderCore
import SwiftCSV

/// The class list: a CSV file whose header names an `id` and a `name` column (further columns,
/// such as an email, are ignored). It gives submissions their students' names, and names the
/// students who submitted nothing.
public struct Roster: Sendable {
    /// Identifier → full name, and the identifiers in the file's order.
    public private(set) var names: [String: String] = [:]
    public private(set) var ids: [String] = []

    public init(entries: [(id: String, name: String)]) {
        for entry in entries where names[entry.id] == nil {
            names[entry.id] = entry.name
            ids.append(entry.id)
        }
    }

    /// Reads `url`.
    /// - Throws: ``GraderError/io(_:)`` naming the file, the line and the field at fault.
    public static func load(_ url: URL) throws -> Roster {
        let file = url.lastPathComponent
        let csv: CSV<Named>
        do {
            csv = try CSV<Named>(url: url, delimiter: .comma, loadColumns: false)
        } catch {
            throw GraderError.io("\(url.path): cannot be read as CSV (\(error)). A roster is a CSV file with the header id,name.")
        }
        let header = csv.header.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        for required in ["id", "name"] where !header.contains(required) {
            throw GraderError.io("\(file), line 1: no `\(required)` column (the header is \(csv.header.joined(separator: ","))). A roster starts with the header id,name.")
        }
        let idKey = csv.header[header.firstIndex(of: "id")!]
        let nameKey = csv.header[header.firstIndex(of: "name")!]
        var entries: [(String, String)] = []
        var seen: [String: Int] = [:]
        for (index, row) in csv.rows.enumerated() {
            // Line numbers count the header; a quoted field over several lines would shift them.
            let line = index + 2
            let id = (row[idKey] ?? "").trimmingCharacters(in: .whitespaces)
            guard !id.isEmpty else {
                throw GraderError.io("\(file), line \(line): the field `id` is empty. Every student needs an identifier.")
            }
            if let first = seen[id] {
                throw GraderError.io("\(file), line \(line): the field `id` repeats \(id) from line \(first). Identifiers must be unique.")
            }
            seen[id] = line
            entries.append((id, (row[nameKey] ?? "").trimmingCharacters(in: .whitespaces)))
        }
        return Roster(entries: entries)
    }

    /// The identifier of the student called `name` (case and accents aside), when exactly one is.
    func id(named name: String) -> String? {
        let wanted = Self.folded(name)
        let found = ids.filter { names[$0].map(Self.folded) == wanted }
        return found.count == 1 ? found[0] : nil
    }

    private static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .filter { $0.isLetter || $0.isNumber }
    }
}
