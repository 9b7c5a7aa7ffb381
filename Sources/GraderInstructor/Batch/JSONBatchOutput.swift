import Foundation
import GraderCore

/// `report.json`: the whole ``BatchReport`` (`Docs/batch.md`).
public struct JSONBatchOutput: BatchOutput {
    public init() {}

    public func files(for report: BatchReport) throws -> [(path: String, data: Data)] {
        [("report.json", try JSONReport.render(report))]
    }
}
