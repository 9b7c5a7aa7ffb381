import Foundation

/// Where this process's cgroups are: the cgroup file systems mounted (`/proc/self/mountinfo`)
/// joined with the process's own place in each (`/proc/self/cgroup`).
struct CgroupMounts {
    /// A mounted hierarchy and the folder of this process's cgroup in it.
    struct Hierarchy: Equatable {
        var directory: URL
    }

    /// The cgroup v2 hierarchy, when one is mounted.
    var unified: Hierarchy?
    /// The v1 hierarchy holding each controller.
    var v1: [ResourceControl.Controller: Hierarchy] = [:]

    /// Reads both files below `root` (`/` on a real machine); mount points are taken below it too.
    static func read(root: URL) -> CgroupMounts {
        let mountinfo = (try? String(contentsOf: root.appendingPathComponent("proc/self/mountinfo"), encoding: .utf8)) ?? ""
        let membership = (try? String(contentsOf: root.appendingPathComponent("proc/self/cgroup"), encoding: .utf8)) ?? ""
        return parse(mountinfo: mountinfo, cgroup: membership, root: root)
    }

    static func parse(mountinfo: String, cgroup: String, root: URL) -> CgroupMounts {
        // "4:memory:/process_api/a2e0" (v1) and "0::/user.slice/…" (v2).
        var v1Paths: [String: String] = [:]
        var v2Path: String?
        for line in cgroup.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            if fields[0] == "0", fields[1].isEmpty {
                v2Path = String(fields[2])
            } else {
                for controller in fields[1].split(separator: ",") { v1Paths[String(controller)] = String(fields[2]) }
            }
        }
        var mounts = CgroupMounts()
        for line in mountinfo.split(separator: "\n") {
            // id parent major:minor root mount-point options [optional…] - type source super-options
            let halves = line.components(separatedBy: " - ")
            guard halves.count == 2 else { continue }
            let head = halves[0].split(separator: " ")
            let tail = halves[1].split(separator: " ")
            guard head.count >= 5, tail.count >= 3 else { continue }
            let mountRoot = unescape(String(head[3]))
            let mountPoint = unescape(String(head[4]))
            func directory(_ path: String) -> URL {
                // A hierarchy mounted from a sub-cgroup (a container's) shows paths relative to it.
                var relative = path
                if mountRoot != "/", relative.hasPrefix(mountRoot) { relative = String(relative.dropFirst(mountRoot.count)) }
                let base = root.appendingPathComponent(String(mountPoint.drop { $0 == "/" }))
                let trimmed = relative.split(separator: "/").joined(separator: "/")
                return trimmed.isEmpty ? base : base.appendingPathComponent(trimmed)
            }
            switch tail[0] {
            case "cgroup2":
                if mounts.unified == nil, let v2Path { mounts.unified = Hierarchy(directory: directory(v2Path)) }
            case "cgroup":
                let options = tail[2].split(separator: ",").map(String.init)
                for controller in ResourceControl.Controller.allCases where options.contains(controller.rawValue) {
                    guard mounts.v1[controller] == nil, let path = v1Paths[controller.rawValue] else { continue }
                    mounts.v1[controller] = Hierarchy(directory: directory(path))
                }
            default:
                continue
            }
        }
        return mounts
    }

    /// mountinfo writes a space in a path as `\040`.
    private static func unescape(_ field: String) -> String {
        guard field.contains("\\") else { return field }
        var result = ""
        var characters = Substring(field)
        while let first = characters.first {
            if first == "\\", characters.count >= 4, let code = UInt8(characters.dropFirst().prefix(3), radix: 8) {
                result.append(Character(UnicodeScalar(code)))
                characters = characters.dropFirst(4)
            } else {
                result.append(first)
                characters = characters.dropFirst()
            }
        }
        return result
    }
}
