#!/usr/bin/env python3
"""What the sandbox adds to one launch, with issue 17's limits, next to no sandbox and next to
the sandbox before them (standard library only; run by Benchmarks/launch-overhead.sh).

  launch_overhead.py run RECORD SAMPLES BUNDLE LIBRARY_DIR
      starts BUNDLE/App SAMPLES times in each of five ways, interleaved (the order rotates each
      round), each on a fresh app container: it reads its secret and {"control":"terminate"} on
      fd 3 and ends; appends each launch's wall-clock seconds to RECORD (a TSV file):
        bare        the binary alone, no sandbox, no limits
        before      bubblewrap + prlimit as Sandbox.swift built them before issue 17
                    (interleave.py's sandbox_arguments)
        now-plain   today's command where no cgroup can be had (GRADER_CGROUPS=off):
                    a sized /tmp, / and /dev read-only, passwd and group from the run's folder
        now         today's command with a cgroup per launch, as the grader does it: make the
                    launch's folders (pids, memory, cpu), write its limits, start a shell that
                    moves itself in (writing 0 in v1's tasks files) and becomes bubblewrap, and
                    once the app has ended read the breach counters, measure the container and
                    remove the folders
        now-procs   the same, the shell moving itself by its PID through cgroup.procs (what
                    the grader avoids under v1: it waits for an RCU grace period)
  launch_overhead.py report RECORD
      prints median, quartiles and min of each way, and the medians' differences
"""
import fcntl
import os
import shutil
import statistics
import sys
import tempfile
import time
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from interleave import HOME, BUNDLE, LAYOUT, launch_once, sandbox_arguments  # noqa: E402

# Sandbox.joinScript, character for character, and the same moving itself by its PID.
JOIN = ('while [ "$1" != -- ]; do echo 0 > "$1" || { echo "grader: cannot join the launch\'s cgroup ($1)" >&2; '
        'exit 125; }; shift; done; shift; exec "$@"')
JOIN_BY_PID = JOIN.replace("echo 0 >", "echo $$ >")


def now_arguments(bundle, container, etc, library_dirs, join=None, join_files=()):
    """Sandbox.command today, for the course's default limits, started by `join` (a shell
    that moves itself into the launch's cgroup through `join_files`) when there is one."""
    arguments = [shutil.which("bwrap"), "--unshare-all", "--die-with-parent", "--new-session",
                 "--uid", "501", "--gid", "501", "--hostname", "iPhone", "--ro-bind", "/usr", "/usr"]
    for top in ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"]:
        if os.path.islink(top):
            arguments += ["--symlink", os.readlink(top), top]
        elif os.path.exists(top):
            arguments += ["--ro-bind", top, top]
    for folder in library_dirs:
        if not folder.startswith("/usr/"):
            arguments += ["--ro-bind", folder, folder]
    arguments += ["--proc", "/proc", "--dev", "/dev", "--remount-ro", "/dev",
                  "--size", str(64 << 20), "--tmpfs", "/tmp",
                  "--ro-bind", os.path.join(etc, "passwd"), "/etc/passwd",
                  "--ro-bind", os.path.join(etc, "group"), "/etc/group",
                  "--bind", container, HOME, "--ro-bind", bundle, BUNDLE,
                  "--remount-ro", "/", "--chdir", HOME, "--clearenv"]
    environment = {
        "HOME": HOME, "XDG_CONFIG_HOME": f"{HOME}/Library/Preferences",
        "XDG_CACHE_HOME": f"{HOME}/Library/Caches", "XDG_DATA_HOME": f"{HOME}/Library/Application Support",
        "TMPDIR": f"{HOME}/tmp/", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC",
        "SWIFT_BACKTRACE": "enable=no", "MALLOC_ARENA_MAX": "2",
        "EXERCISEKIT_REQUEST_FD": "3", "EXERCISEKIT_REPLY_FD": "4",
    }
    for key in sorted(environment):
        arguments += ["--setenv", key, environment[key]]
    arguments += [shutil.which("prlimit"), "--as=4294967296", "--fsize=67108864", "--nofile=256",
                  "--core=0", "--cpu=11:12", "--", f"{BUNDLE}/App"]
    if not join or not join_files:
        return arguments
    return ["/bin/sh", "-c", join, "sh"] + list(join_files) + ["--"] + arguments


# --- cgroups, as ResourceControl and LaunchGroup use them (v1 or v2) ------------------------

def cgroup_runs():
    """This process's run folders, one per controller (one for all under v2), as
    ResourceControl.detect makes them; empty when none can be made."""
    membership = {}
    v2 = None
    for line in open("/proc/self/cgroup"):
        number, controllers, path = line.rstrip("\n").split(":", 2)
        if number == "0" and not controllers:
            v2 = path
        for controller in controllers.split(","):
            membership[controller] = path
    runs = {}
    name = f"grader-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    for line in open("/proc/self/mountinfo"):
        head, _, tail = line.partition(" - ")
        fields, kinds = head.split(), tail.split()
        if kinds[0] == "cgroup2" and v2 is not None:
            own = fields[4] + v2.rstrip("/")
            offered = open(os.path.join(own, "cgroup.controllers")).read().split() if os.path.exists(os.path.join(own, "cgroup.controllers")) else []
            wanted = [c for c in ("pids", "memory", "cpu") if c in offered]
            if wanted:
                run = os.path.join(own, name)
                os.mkdir(run)
                with open(os.path.join(run, "cgroup.subtree_control"), "w") as control:
                    control.write(" ".join("+" + c for c in wanted))
                return {c: run for c in wanted}, "v2"
        if kinds[0] == "cgroup":
            for controller in ("pids", "memory", "cpu"):
                if controller in kinds[2].split(",") and controller in membership and controller not in runs:
                    run = fields[4] + membership[controller].rstrip("/") + "/" + name
                    try:
                        os.mkdir(run)
                        runs[controller] = run
                    except OSError:
                        pass
    return runs, "v1"


def write(path, text):
    with open(path, "w") as file:
        file.write(text)


def make_group(runs, version, index):
    folders = {c: os.path.join(run, f"launch-{index}") for c, run in runs.items()}
    for folder in set(folders.values()):
        os.mkdir(folder)
    if version == "v1":
        settings = [("pids", "pids.max", "256"), ("memory", "memory.limit_in_bytes", str(1 << 30)),
                    ("memory", "memory.memsw.limit_in_bytes", str(1 << 30)),
                    ("cpu", "cpu.cfs_period_us", "100000"), ("cpu", "cpu.cfs_quota_us", "100000")]
    else:
        settings = [("pids", "pids.max", "256"), ("memory", "memory.max", str(1 << 30)),
                    ("memory", "memory.swap.max", "0"), ("cpu", "cpu.max", "100000 100000")]
    optional = {"memory.memsw.limit_in_bytes", "memory.swap.max"}   # only with swap accounting
    for controller, name, value in settings:
        if controller not in folders:
            continue
        path = os.path.join(folders[controller], name)
        if name in optional and not os.path.exists(path):
            continue
        write(path, value)
    return folders


def read_breaches(folders, version):
    """LaunchGroup.breach: the counters a step's end reads."""
    for controller, name in [("pids", "pids.events"),
                             ("memory", "memory.oom_control" if version == "v1" else "memory.events"),
                             ("memory", "memory.stat")]:
        if controller in folders:
            open(os.path.join(folders[controller], name)).read()


def container_bytes(root):
    """ContainerMeter.bytes: allocated blocks, at least 4 KiB an entry."""
    total = 0
    for directory, names, files in os.walk(root):
        for name in names + files:
            total += max(os.lstat(os.path.join(directory, name)).st_blocks * 512, 4096)
    return total


def remove_group(folders):
    for folder in set(folders.values()):
        for _ in range(40):
            try:
                os.rmdir(folder)
                break
            except OSError:
                for pid in open(os.path.join(folder, "cgroup.procs")).read().split():
                    os.kill(int(pid), 9)
                time.sleep(0.0005)


def launch_bare(executable, container):
    """launch_once without a sandbox: the app with its pipes and the environment the sandbox
    gives it, with the container as its home."""
    request_read, request_write = os.pipe()
    reply_read, reply_write = os.pipe()
    high = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 100) for fd in (request_read, reply_write)]
    devnull = os.open(os.devnull, os.O_RDWR)
    actions = [(os.POSIX_SPAWN_DUP2, devnull, 0), (os.POSIX_SPAWN_DUP2, devnull, 1),
               (os.POSIX_SPAWN_DUP2, devnull, 2), (os.POSIX_SPAWN_DUP2, high[0], 3),
               (os.POSIX_SPAWN_DUP2, high[1], 4)]
    environment = {"HOME": container, "XDG_CONFIG_HOME": f"{container}/Library/Preferences",
                   "TMPDIR": f"{container}/tmp/", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC",
                   "SWIFT_BACKTRACE": "enable=no", "MALLOC_ARENA_MAX": "2",
                   "EXERCISEKIT_REQUEST_FD": "3", "EXERCISEKIT_REPLY_FD": "4"}
    pid = os.posix_spawn(executable, [executable], environment, file_actions=actions)
    for fd in [request_read, reply_write, devnull] + high:
        os.close(fd)
    os.write(request_write, b'{"secret":"0"}\n{"control":"terminate","seq":1}\n')
    os.close(request_write)
    while os.read(reply_read, 65536):
        pass
    _, status = os.waitpid(pid, 0)
    os.close(reply_read)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"the app alone ended with {os.waitstatus_to_exitcode(status)}")


# --- The four ways, interleaved ----------------------------------------------------------------

def run(args):
    record, samples, bundle, library_dir = args[0], int(args[1]), args[2], args[3]
    scratch = tempfile.mkdtemp(prefix="grader-run-bench-")
    etc = scratch
    write(os.path.join(etc, "passwd"), f"root:x:0:0:root:/root:/bin/sh\nmobile:x:501:501:Mobile User:{HOME}:/bin/sh\n")
    write(os.path.join(etc, "group"), "root:x:0:\nmobile:x:501:\n")
    runs, version = cgroup_runs()
    if not runs:
        print("launch_overhead.py: no cgroup can be made here; 'now' runs without one", file=sys.stderr)
    ways = ["bare", "before", "now-plain", "now", "now-procs"]
    counter = 0
    with open(record, "a") as out:
        for round_number in range(samples):
            for way in ways[round_number % len(ways):] + ways[:round_number % len(ways)]:
                container = tempfile.mkdtemp(prefix="container-", dir=scratch)
                for folder in LAYOUT:
                    os.makedirs(os.path.join(container, folder))
                start = time.perf_counter()
                if way == "bare":
                    launch_bare(f"{bundle}/App", container)
                elif way == "before":
                    launch_once(sandbox_arguments(bundle, container, etc, [library_dir]))
                elif way == "now-plain":
                    launch_once(now_arguments(bundle, container, etc, [library_dir]))
                else:
                    counter += 1
                    folders = make_group(runs, version, counter) if runs else {}
                    if way == "now":    # LaunchGroup.joinFiles: v1's tasks, itself as 0
                        files = sorted({os.path.join(f, "tasks" if version == "v1" else "cgroup.procs") for f in folders.values()})
                        launch_once(now_arguments(bundle, container, etc, [library_dir], JOIN, files))
                    else:               # the same through cgroup.procs, by its PID
                        files = sorted({os.path.join(f, "cgroup.procs") for f in folders.values()})
                        launch_once(now_arguments(bundle, container, etc, [library_dir], JOIN_BY_PID, files))
                    read_breaches(folders, version)
                    container_bytes(container)
                    remove_group(folders)
                seconds = time.perf_counter() - start
                shutil.rmtree(container)
                out.write(f"{way}\t{seconds:.6f}\n")
    for folder in set(runs.values()):
        os.rmdir(folder)
    shutil.rmtree(scratch)


def report(args):
    times = {}
    for line in open(args[0]):
        way, seconds = line.split("\t")
        times.setdefault(way, []).append(float(seconds) * 1000)
    print(f"{'one launch':<12} {'median':>8} {'q1':>8} {'q3':>8} {'min':>8}   launches")
    for way in ["bare", "before", "now-plain", "now", "now-procs"]:
        values = sorted(times.get(way, []))
        if not values:
            continue
        q1, _, q3 = statistics.quantiles(values, n=4)
        print(f"{way:<12} {statistics.median(values):>6.2f}ms {q1:>6.2f}ms {q3:>6.2f}ms {values[0]:>6.2f}ms   {len(values)}")
    medians = {way: statistics.median(values) for way, values in times.items()}
    if "before" in medians and "now" in medians:
        print(f"\nnow - before: {medians['now'] - medians['before']:+.2f} ms; now-plain - before: "
              f"{medians['now-plain'] - medians['before']:+.2f} ms; now-procs - before: "
              f"{medians.get('now-procs', 0) - medians['before']:+.2f} ms; before - bare: {medians['before'] - medians['bare']:+.2f} ms")


if __name__ == "__main__":
    commands = {"run": run, "report": report}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    commands[sys.argv[1]](sys.argv[2:])
