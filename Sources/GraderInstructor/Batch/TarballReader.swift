import Foundation
import GraderCore

/// Reads a `.tar.gz` submission: `gzip -dc` inflates it (gzip is on every Debian and macOS
/// system; the machine's Swift packages offer gzip only through compress-nio, which brings
/// SwiftNIO into the grader's build), and the tar stream is read here, header by header.
///
/// Reading tar by hand, rather than running `tar -x`, means nothing is written before its
/// entry has been checked: only regular files whose names are wanted are written, at a checked
/// path under the staging folder; links, devices and paths leaving the archive are refused
/// and named. It reads POSIX ustar and pax archives and GNU long names (what GNU tar, bsdtar
/// and macOS's Archive Utility write).
struct TarballReader: Sendable {
    var wanted: Set<String>
    var limits: SubmissionFiles.Limits

    func read(_ url: URL, staging: URL) throws -> SubmissionFiles {
        try? FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        let tar = staging.appendingPathComponent(".archive.tar")
        try inflate(url, to: tar)
        defer { try? FileManager.default.removeItem(at: tar) }
        guard let handle = try? FileHandle(forReadingFrom: tar) else {
            throw SubmissionReader.Problem(description: "the inflated archive cannot be read")
        }
        defer { try? handle.close() }
        var files = SubmissionFiles()
        var longName: String?
        var count = 0
        while true {
            let header = handle.readData(ofLength: 512)
            guard header.count == 512 else {
                if header.isEmpty, count > 0 { break }
                throw SubmissionReader.Problem(description: "the .tar.gz archive ends in the middle of an entry; it may be damaged")
            }
            if header.allSatisfy({ $0 == 0 }) { break }
            count += 1
            guard count <= limits.entries else {
                throw SubmissionReader.Problem(description: "the archive holds more than \(limits.entries) entries")
            }
            guard Self.checksumMatches(header) else {
                throw SubmissionReader.Problem(description: "entry \(count) of the .tar.gz archive has a wrong checksum; it is damaged or not a tar archive")
            }
            let size = Self.octal(header[124..<136])
            let type = header[156]
            let padded = (size + 511) / 512 * 512
            var name = longName ?? Self.name(of: header)
            longName = nil
            switch type {
            case UInt8(ascii: "L"), UInt8(ascii: "x"):
                // A GNU long name, or a pax header whose `path` names the next entry.
                guard size <= 1 << 16 else { throw SubmissionReader.Problem(description: "an entry's extended header is too large") }
                let data = handle.readData(ofLength: padded).prefix(size)
                longName = type == UInt8(ascii: "L") ? Self.string(data) : Self.paxPath(data)
                continue
            case UInt8(ascii: "0"), 0, UInt8(ascii: "7"):
                if name.isEmpty { name = "(unnamed)" }
                guard let path = SubmissionFiles.safePath(name) else {
                    files.refused.append("\(name) would be written outside the submission's folder")
                    skip(handle, padded)
                    continue
                }
                guard wanted.contains(URL(fileURLWithPath: path).lastPathComponent) else {
                    files.ignored.append(path)
                    skip(handle, padded)
                    continue
                }
                guard size <= limits.fileBytes else {
                    files.refused.append("\(path) is larger than \(limits.fileBytes / 1024) KiB")
                    skip(handle, padded)
                    continue
                }
                let content = handle.readData(ofLength: padded)
                guard content.count == padded else {
                    throw SubmissionReader.Problem(description: "the .tar.gz archive ends in the middle of \(path); it may be damaged")
                }
                files.candidates[path] = try SubmissionReader.stage(content.prefix(size), path: path, in: staging)
            case UInt8(ascii: "5"), UInt8(ascii: "g"):
                skip(handle, padded)
            default:
                // Hard and symbolic links, devices, FIFOs: never created.
                files.refused.append("\(name) is a link or special file (tar type \(Character(UnicodeScalar(type)))), which is never followed")
                skip(handle, padded)
            }
        }
        return files
    }

    private func skip(_ handle: FileHandle, _ bytes: Int) {
        guard bytes > 0 else { return }
        let offset = handle.offsetInFile
        handle.seek(toFileOffset: offset + UInt64(bytes))
    }

    /// Runs `gzip -dc`, writing at most ``SubmissionFiles/Limits/unpackedBytes``.
    private func inflate(_ url: URL, to destination: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-dc", url.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard FileManager.default.createFile(atPath: destination.path, contents: nil),
              let sink = try? FileHandle(forWritingTo: destination) else {
            throw GraderError.io("cannot write \(destination.path)")
        }
        defer { try? sink.close() }
        do {
            try process.run()
        } catch {
            throw GraderError.missingTool("gzip", hint: "install it with your system's package manager (apt-get install gzip)")
        }
        var written = 0
        let reader = output.fileHandleForReading
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            written += chunk.count
            if written > limits.unpackedBytes {
                process.terminate()
                process.waitUntilExit()
                throw SubmissionReader.Problem(description: "the .tar.gz archive inflates to more than \(limits.unpackedBytes >> 20) MiB")
            }
            sink.write(chunk)
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SubmissionReader.Problem(description: "the .tar.gz archive cannot be inflated (gzip exited with \(process.terminationStatus)); it may be damaged or not gzip")
        }
    }

    private static func name(of header: Data) -> String {
        let name = string(header[0..<100])
        let prefix = string(header[345..<500])
        let isUstar = header[257..<262].elementsEqual("ustar".utf8)
        return isUstar && !prefix.isEmpty ? prefix + "/" + name : name
    }

    private static func string(_ bytes: Data) -> String {
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    private static func octal(_ bytes: Data) -> Int {
        Int(string(bytes).trimmingCharacters(in: .whitespaces), radix: 8) ?? 0
    }

    /// The sum of the header's bytes with the checksum field read as spaces.
    private static func checksumMatches(_ header: Data) -> Bool {
        let stored = octal(header[148..<156])
        var sum = 0
        for (index, byte) in header.enumerated() { sum += (148..<156).contains(index) ? 32 : Int(byte) }
        return sum == stored
    }

    /// The `path` record of a pax extended header (`LEN path=VALUE\n` records).
    private static func paxPath(_ data: Data) -> String? {
        for record in string(data).split(separator: "\n") {
            guard let space = record.firstIndex(of: " ") else { continue }
            let field = record[record.index(after: space)...]
            if field.hasPrefix("path=") { return String(field.dropFirst(5)) }
        }
        return nil
    }
}
