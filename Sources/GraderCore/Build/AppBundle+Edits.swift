import Foundation

extension AppBundle {
    /// This bundle with `edits` applied, for a case whose launches need a resource missing or
    /// changed: a folder beside the build's, made once and reused, whose executable and
    /// untouched files are hard links to the build's (no second compile, no copy of the
    /// binary). Its key is the build's and the edits', so its launches never share a waiting
    /// app with the build's own.
    /// - Throws: ``GraderError`` when the folder cannot be made (no disk space).
    func edited(_ edits: BundleEdits) throws -> AppBundle {
        guard !edits.isEmpty else { return self }
        let fm = FileManager.default
        let fingerprint = edits.fingerprint
        let entry = directory.deletingLastPathComponent()
        let folder = entry.appendingPathComponent("edited-\(fingerprint)")
        let edited = AppBundle(directory: folder.appendingPathComponent(directory.lastPathComponent), key: "\(key)+\(fingerprint)")
        if fm.fileExists(atPath: edited.directory.path) { return edited }

        // Made aside and moved into place in one step: two jobs making it at once both succeed,
        // and a launch never sees a half-made bundle.
        let staging = entry.appendingPathComponent(".edited-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: staging) }
        let app = staging.appendingPathComponent(directory.lastPathComponent)
        do {
            try Self.linkTree(directory, into: app)
            for path in edits.removed {
                let item = app.appendingPathComponent(path)
                if fm.fileExists(atPath: item.path) { try fm.removeItem(at: item) }
            }
            for (path, text) in edits.written.sorted(by: { $0.key < $1.key }) {
                let file = app.appendingPathComponent(path)
                // A hard link shares the build's file: remove it before writing, never write through it.
                if fm.fileExists(atPath: file.path) { try fm.removeItem(at: file) }
                try fm.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file)
            }
            if !fm.fileExists(atPath: folder.path) { try? fm.moveItem(at: staging, to: folder) }
        } catch {
            throw GraderError.io("cannot make the app bundle of a case in \(entry.path): \(error.localizedDescription)")
        }
        guard fm.fileExists(atPath: edited.directory.path) else {
            throw GraderError.io("cannot make the app bundle of a case in \(entry.path)")
        }
        return edited
    }

    /// Recreates `source`'s folders at `destination`, each regular file a hard link to the
    /// source's (a copy where the file system refuses links).
    private static func linkTree(_ source: URL, into destination: URL) throws {
        let fm = FileManager.default
        try fm.createDirectory(at: destination, withIntermediateDirectories: true)
        for name in try fm.contentsOfDirectory(atPath: source.path) {
            let from = source.appendingPathComponent(name)
            let to = destination.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: from.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                try linkTree(from, into: to)
            } else if link(from.path, to.path) != 0 {
                try fm.copyItem(at: from, to: to)
            }
        }
    }
}
