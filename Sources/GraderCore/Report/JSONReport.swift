import Foundation

/// Renders results as the versioned JSON document described in `Docs/report-format.md`.
public enum JSONReport {
    public static func render(_ report: RunReport) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        var data = try encoder.encode(report)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
