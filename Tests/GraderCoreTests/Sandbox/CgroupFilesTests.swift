import Foundation
import Testing
@testable import GraderCore

/// Numbers read from flat-keyed cgroup files, as the kernel writes them.
struct CgroupFilesTests {
    private func value(_ key: String, _ text: String) throws -> Int? {
        let folder = try TemporaryCourse()
        try folder.write("memory.stat", text)
        return CgroupFiles.value(key, in: folder.root.appendingPathComponent("memory.stat"))
    }

    @Test func aKeyIsFoundOnlyAsAWholeFieldAtALinesStart() throws {
        let stat = "cache 4096\nrss 8192\nshmem_thp 7\nshmem 65536\ntotal_shmem 99\nmax_usage 3\nmax 2"
        #expect(try value("shmem", stat) == 65536)
        #expect(try value("rss", stat) == 8192)
        #expect(try value("max", stat) == 2, "the last line, with no line break after it")
        #expect(try value("total_shmem", stat) == 99)
        #expect(try value("swap", stat) == nil)
        #expect(try value("hmem", stat) == nil)
    }

    @Test func whatIsNotAWholeNumberIsNotRead() throws {
        #expect(try value("oom_kill", "oom_kill x\n") == nil)
        #expect(try value("oom_kill", "oom_kill \n") == nil)
        #expect(try value("oom_kill", "oom_kill 99999999999999999999\n") == nil)
        #expect(try value("oom_kill", "under_oom 0\noom_kill 3\n") == 3)
        #expect(CgroupFiles.value("max", in: URL(fileURLWithPath: "/nonexistent/pids.events")) == nil)
    }
}
