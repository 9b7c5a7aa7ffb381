import ExerciseKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads what a solution left in its container, from the grader's side, without trusting it:
/// no symbolic link is followed (a link to `/etc` or to the references is reported, not read),
/// only regular files are opened, and at most `maxBytes` of each.
struct ContainerInspector {
    let root: URL
    var maxBytes = 32 << 20

    func observe(_ assertion: ContainerAssertion) -> ContainerObservation {
        var current = root.path
        let components = assertion.path.split(separator: "/").map(String.init).filter { $0 != "." }
        for (index, component) in components.enumerated() {
            current += "/" + component
            var info = stat()
            if lstat(current, &info) != 0 { return .missing }
            let type = info.st_mode & S_IFMT
            if type == S_IFLNK { return .unreadable("\(shown(components[...index])) is a symbolic link") }
            let isLast = index == components.count - 1
            if !isLast && type != S_IFDIR { return .unreadable("\(shown(components[...index])) is not a folder") }
            if isLast {
                if type == S_IFDIR { return .directory(listing(current)) }
                if type != S_IFREG { return .unreadable("\(assertion.path) is not a regular file") }
                let size = Int(info.st_size)
                if size > maxBytes, assertion.kind != .file || assertion.equals != nil {
                    return .file(size: size, content: .invalid("it is larger than \(maxBytes >> 20) MiB, more than the grader reads"))
                }
                return .file(size: size, content: content(of: current, for: assertion))
            }
        }
        return .directory(listing(current))
    }

    private func shown(_ components: ArraySlice<String>) -> String { components.joined(separator: "/") }

    private func listing(_ path: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.map { name in
            var info = stat()
            let isFolder = lstat(path + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            return isFolder ? name + "/" : name
        }.sorted()
    }

    private func content(of path: String, for assertion: ContainerAssertion) -> ContainerObservation.FileContent? {
        switch assertion.kind {
        case .absent, .directory: return nil
        case .file where assertion.equals == nil: return nil
        case .sqlite:
            return DatabaseInspector(maxBytes: maxBytes).inspect(path: path, query: assertion.query, read: readCapped)
        default: break
        }
        guard let data = readCapped(path) else { return .invalid("it could not be read") }
        switch assertion.kind {
        case .plist, .xmlPlist, .binaryPlist:
            return Self.decodePropertyList(data)
        case .json:
            guard let value = try? JSONValue(parsing: data) else {
                return .invalid("it is not valid JSON (\(Self.preview(data)))")
            }
            return .json(value)
        default:
            guard let text = String(data: data, encoding: .utf8) else { return .invalid("it is not UTF-8 text") }
            return .text(text)
        }
    }

    /// Reads a regular file without following links, up to `maxBytes`; nil for anything else.
    private func readCapped(_ path: String) -> Data? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while data.count < maxBytes {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            data.append(contentsOf: buffer[..<count])
        }
        return data
    }

    static func decodePropertyList(_ data: Data) -> ContainerObservation.FileContent {
        let format: String
        if data.starts(with: Array("bplist00".utf8)) {
            format = "binary-plist"
        } else if data.starts(with: Array("<?xml".utf8)) || data.starts(with: Array("<plist".utf8)) {
            format = "xml-plist"
        } else {
            return .invalid("it is not a property list (it starts with \(preview(data)))")
        }
        var detected = PropertyListSerialization.PropertyListFormat.xml
        guard let object = try? PropertyListSerialization.propertyList(from: data, options: [], format: &detected),
              let value = jsonValue(plist: object) else {
            return .invalid("it looks like a \(format) but does not parse")
        }
        return .plist(format: format, value: value)
    }

    /// A property-list object as JSON, converted as the drivers convert them.
    static func jsonValue(plist object: Any) -> JSONValue? {
        JSONValue(propertyList: object)
    }

    static func preview(_ data: Data) -> String {
        // Binary content is shown as its first bytes in hex, not as garbled text.
        // (At most one replacement character: the cut at 24 bytes may split the last one.)
        let isText = String(decoding: data.prefix(24), as: UTF8.self).filter { $0 == "\u{FFFD}" }.count <= 1
            && !data.prefix(24).contains { $0 < 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D }
        if !data.isEmpty && !isText {
            return "the bytes " + data.prefix(8).map { String(format: "%02x", $0) }.joined(separator: " ") + (data.count > 8 ? " …" : "")
        }
        let text = String(decoding: data.prefix(24), as: UTF8.self)
            .replacingOccurrences(of: "\n", with: "\\n")
        return data.isEmpty ? "an empty file" : "\"\(text)\(data.count > 24 ? "…" : "")\""
    }
}
