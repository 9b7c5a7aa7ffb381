import Foundation

/// Resource limits for one launch of an exercise binary.
public struct Limits: Hashable, Sendable, Codable {
    /// Wall-clock seconds one launch may run.
    public var timeLimit: Double
    /// Address-space limit in bytes (generous: Foundation reserves a lot).
    public var memoryBytes: Int
    /// Bytes of standard output plus standard error one launch may print.
    public var outputBytes: Int
    /// Largest file one launch may write.
    public var fileSizeBytes: Int

    public static let standard = Limits(
        timeLimit: 10, memoryBytes: 4 << 30, outputBytes: 1 << 20, fileSizeBytes: 64 << 20)

    func overridden(by file: LimitsFile?) -> Limits {
        var limits = self
        if let value = file?.timeLimit { limits.timeLimit = value.seconds }
        if let value = file?.memory { limits.memoryBytes = value.bytes }
        if let value = file?.outputLimit { limits.outputBytes = value.bytes }
        if let value = file?.fileSize { limits.fileSizeBytes = value.bytes }
        return limits
    }
}
