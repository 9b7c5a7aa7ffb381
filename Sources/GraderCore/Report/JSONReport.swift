import Foundation

/// Renders results as the versioned JSON documents described in `Docs/report-format.md`
/// (``RunReport``) and printed by `grader verify --format json` (``VerifyReport``): snake_case
/// keys, sorted.
public enum JSONReport {
    public static func render<Report: Encodable>(_ report: Report) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        var data = try encoder.encode(report)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
