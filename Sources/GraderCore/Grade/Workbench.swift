import Foundation

/// What grading and lesson checks share: the build engine, the app launcher and a folder of
/// containers of their own (removed when the workbench goes).
public final class Workbench: @unchecked Sendable {
    let engine: BuildEngine
    let launcher: AppLauncher
    /// This workbench's own containers, so that graders sharing a work folder (tests, two
    /// terminals) never touch each other's.
    let containersDirectory: URL
    /// The same for cases whose verdict does not depend on the disk's speed: in memory where the
    /// machine can (``SandboxFolder``), else ``containersDirectory``.
    let memoryContainersDirectory: URL
    /// The grader's own folder (`.grader/` in the course): builds, caches, containers.
    let workDirectory: URL

    /// The waiting binaries that forked launches come from, kept between case runs.
    let servers: AppServerPool

    init(engine: BuildEngine, launcher: AppLauncher, workDirectory: URL) {
        self.engine = engine
        self.launcher = launcher
        self.workDirectory = workDirectory
        // In the sandbox's own folder, not the course's: a container's path is visible inside the sandbox.
        let name = String(UUID().uuidString.prefix(12))
        containersDirectory = launcher.sandbox.folder.containers.appendingPathComponent(name)
        memoryContainersDirectory = launcher.sandbox.folder.memoryContainers.appendingPathComponent(name)
        for folder in [containersDirectory, memoryContainersDirectory] {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        servers = AppServerPool(launcher: launcher, directory: containersDirectory, memoryDirectory: memoryContainersDirectory)
    }

    deinit {
        servers.endAll()
        try? FileManager.default.removeItem(at: containersDirectory)
        try? FileManager.default.removeItem(at: memoryContainersDirectory)
    }

    /// Runs cases in containers below ``containersDirectory`` and ``memoryContainersDirectory``.
    var caseLauncher: CaseLauncher {
        CaseLauncher(launcher: launcher, workDirectory: containersDirectory, memoryDirectory: memoryContainersDirectory,
                     servers: servers)
    }
}
