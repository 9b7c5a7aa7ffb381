#!/usr/bin/env python3
"""Timing and statistics for Benchmarks/speed.sh (standard library only).

  interleave.py time RECORD EXERCISE MEASURE DIR -- COMMAND...
      runs COMMAND in DIR once, appends its wall-clock seconds to RECORD (a TSV file) and
      stops with its output if it fails
  interleave.py launch RECORD EXERCISE SAMPLES BUNDLE ETC LIBRARY_DIR...
      starts BUNDLE/App SAMPLES times in bubblewrap the way the grader's Sandbox.swift does,
      each on a fresh app container, sends it its secret and {"control":"terminate"} on fd 3 and waits
      for it to end; appends each launch's seconds to RECORD
  interleave.py fork-launch RECORD EXERCISE SAMPLES BUNDLE ETC LIBRARY_DIR...
      starts BUNDLE/App once in bubblewrap as a waiting app (ExerciseKit's LaunchServer: the
      control socket on fd 5, bubblewrap's --as-pid-1, LD_BIND_NOW), then SAMPLES times asks it
      for a launch (a hashing seed, four descriptors), sends the launch its secret and
      {"control":"terminate"} and waits for the server's report of its end; appends each forked
      launch's seconds to RECORD under fork-launch (a first launch, which waits for the server's
      start, is not timed)
  interleave.py forks STRACE_OUTPUT
      prints how many launches the waiting apps forked in `strace -f -e trace=execve,clone,clone3`
      output: calls by a process that exec'd App.app/App that make a process, not a thread
  interleave.py swiftc-args STRACE_OUTPUT
      prints the arguments of the grader's swiftc call found in `strace -f -e trace=execve`
      output, one per line, with <output> for the value of -o
  interleave.py swiftc-calls STRACE_OUTPUT DIR
      writes every swiftc call found there into DIR/001.txt, DIR/002.txt…, as swiftc-args prints one
  interleave.py compile-all RECORD EXERCISE MEASURE DIR OUTPUT CALL_FILE...
      runs each call (swiftc-calls' files) in DIR one after the other, with OUTPUT for <output> and
      a TMPDIR of its own, and appends their total seconds to RECORD (a failing compile counts too:
      the grader runs it)
  interleave.py report RECORD
      prints the tables
"""
import fcntl
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict


def record(path, exercise, measure, seconds):
    run = sum(1 for line in open(path) if line.startswith(f"{exercise}\t{measure}\t")) if os.path.exists(path) else 0
    with open(path, "a") as out:
        out.write(f"{exercise}\t{measure}\t{run}\t{seconds:.6f}\n")


def time_command(args):
    path, exercise, measure, directory = args[:4]
    assert args[4] == "--", "usage: time RECORD EXERCISE MEASURE DIR -- COMMAND..."
    command = args[5:]
    start = time.perf_counter()
    run = subprocess.run(command, cwd=directory, stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    seconds = time.perf_counter() - start
    if run.returncode != 0:
        tail = run.stdout.decode(errors="replace").splitlines()[-30:]
        sys.exit(f"{' '.join(command)} (in {directory}) exited with {run.returncode}:\n" + "\n".join(tail))
    record(path, exercise, measure, seconds)


# --- One launch in the sandbox, as Sources/GraderCore/Sandbox/Sandbox.swift builds it --------

HOME = "/var/mobile/Containers/Data/Application/App"
BUNDLE = "/var/containers/Bundle/Application/App/App.app"
LAYOUT = ["Documents", "Library/Caches", "Library/Preferences", "Library/Application Support", "tmp"]


def sandbox_arguments(bundle, container, etc, library_dirs):
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
    arguments += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp",
                  "--ro-bind", os.path.join(etc, "passwd"), "/etc/passwd",
                  "--ro-bind", os.path.join(etc, "group"), "/etc/group",
                  "--bind", container, HOME, "--ro-bind", bundle, BUNDLE,
                  "--chdir", HOME, "--clearenv"]
    environment = {
        "HOME": HOME, "XDG_CONFIG_HOME": f"{HOME}/Library/Preferences",
        "XDG_CACHE_HOME": f"{HOME}/Library/Caches", "XDG_DATA_HOME": f"{HOME}/Library/Application Support",
        "TMPDIR": f"{HOME}/tmp/", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC",
        "SWIFT_BACKTRACE": "enable=no", "MALLOC_ARENA_MAX": "2",
        "EXERCISEKIT_REQUEST_FD": "3", "EXERCISEKIT_REPLY_FD": "4",
    }
    for key in sorted(environment):
        arguments += ["--setenv", key, environment[key]]
    # The course's default limits (grader.yml): 4 GiB of address space, 64 MiB files, 10 s.
    arguments += [shutil.which("prlimit"), "--as=4294967296", "--fsize=67108864", "--nofile=256",
                  "--core=0", "--cpu=11", "--", f"{BUNDLE}/App"]
    return arguments


def launch_once(arguments):
    """Starts the app with its request pipe on fd 3 and its reply pipe on fd 4, asks it to
    terminate, and returns the seconds from start to exit."""
    request_read, request_write = os.pipe()
    reply_read, reply_write = os.pipe()
    # Out of the way of 3 and 4 before the child's dup2s.
    high = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 100) for fd in (request_read, reply_write)]
    devnull = os.open(os.devnull, os.O_RDWR)
    actions = [(os.POSIX_SPAWN_DUP2, devnull, 0), (os.POSIX_SPAWN_DUP2, devnull, 1),
               (os.POSIX_SPAWN_DUP2, devnull, 2), (os.POSIX_SPAWN_DUP2, high[0], 3),
               (os.POSIX_SPAWN_DUP2, high[1], 4)]
    start = time.perf_counter()
    pid = os.posix_spawn(arguments[0], arguments, {}, file_actions=actions)
    for fd in [request_read, reply_write, devnull] + high:
        os.close(fd)
    # The launch's secret first (the runtime reads it before anything else), then the request.
    os.write(request_write, b'{"secret":"0"}\n{"control":"terminate","seq":1}\n')
    os.close(request_write)
    while os.read(reply_read, 65536):   # the reply pipe closes when the app ends
        pass
    _, status = os.waitpid(pid, 0)
    seconds = time.perf_counter() - start
    os.close(reply_read)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"the sandboxed app ended with {os.waitstatus_to_exitcode(status)}: {' '.join(arguments)}")
    return seconds


def launch(args):
    path, exercise, samples, bundle, etc = args[:5]
    library_dirs = args[5:]
    for _ in range(int(samples)):
        container = tempfile.mkdtemp(prefix="container-", dir=os.path.dirname(bundle))
        for folder in LAYOUT:
            os.makedirs(os.path.join(container, folder))
        seconds = launch_once(sandbox_arguments(bundle, container, etc, library_dirs))
        shutil.rmtree(container)
        record(path, exercise, "launch", seconds)


def swiftc_calls(path):
    """The arguments of every swiftc call in `strace -f -e trace=execve` output, -o's value <output>."""
    calls = []
    for line in open(path, errors="replace"):
        match = re.search(r'execve\("([^"]*/swiftc)", \[(.*?)\](?:, 0x| <unfinished)', line)
        if match:
            strings = re.findall(r'"((?:[^"\\]|\\.)*)"', match.group(2))
            arguments = [s.encode().decode("unicode_escape") for s in strings[1:]]
            if "-###" in arguments:
                continue  # the grader asking the driver for its plan, not a build
            if "-o" in arguments:
                arguments[arguments.index("-o") + 1] = "<output>"
            calls.append(arguments)
    return calls


def swiftc_args(args):
    calls = swiftc_calls(args[0])
    if not calls:
        sys.exit(f"no swiftc call in {args[0]}")
    print("\n".join(calls[0]))


def swiftc_calls_command(args):
    calls = swiftc_calls(args[0])
    if not calls:
        sys.exit(f"no swiftc call in {args[0]}")
    os.makedirs(args[1], exist_ok=True)
    for number, arguments in enumerate(calls, 1):
        with open(os.path.join(args[1], f"{number:03d}.txt"), "w") as out:
            out.write("\n".join(arguments) + "\n")


def compile_all(args):
    path, exercise, measure, directory, output = args[:5]
    swiftc = shutil.which("swiftc")
    total = 0.0
    for call_file in args[5:]:
        arguments = [output if a == "<output>" else a for a in open(call_file).read().split("\n") if a != ""]
        with tempfile.TemporaryDirectory(prefix="floor-tmp-") as scratch:
            start = time.perf_counter()
            subprocess.run([swiftc] + arguments, cwd=directory, stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, "TMPDIR": scratch})
            total += time.perf_counter() - start
    record(path, exercise, measure, total)


# --- Tables ----------------------------------------------------------------------------------

def seconds_text(value):
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


def fork_launch(args):
    path, exercise, samples, bundle, etc = args[:5]
    library_dirs = args[5:]
    container = tempfile.mkdtemp(prefix="container-", dir=os.path.dirname(bundle))
    for folder in LAYOUT:
        os.makedirs(os.path.join(container, folder))
    arguments = sandbox_arguments(bundle, container, etc, library_dirs)
    # As Sandbox.swift starts a waiting app: its control socket on fd 5, named in its environment.
    bwrap_end = arguments.index("--clearenv") + 1
    arguments[bwrap_end:bwrap_end] = ["--setenv", "EXERCISEKIT_LAUNCH_SERVER_FD", "5", "--setenv", "LD_BIND_NOW", "1",
                                      "--as-pid-1"]
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    devnull = os.open(os.devnull, os.O_RDWR)
    actions = [(os.POSIX_SPAWN_DUP2, devnull, 0), (os.POSIX_SPAWN_DUP2, devnull, 1),
               (os.POSIX_SPAWN_DUP2, devnull, 2), (os.POSIX_SPAWN_DUP2, theirs.fileno(), 5)]
    server = os.posix_spawn(arguments[0], arguments, {}, file_actions=actions)
    theirs.close()
    os.close(devnull)
    try:
        # The first launch waits for the server's own start: not timed.
        for sample in range(int(samples) + 1):
            request_read, request_write = os.pipe()
            reply_read, reply_write = os.pipe()
            out = os.open(os.devnull, os.O_WRONLY)
            start = time.perf_counter()
            seed = bytes((sample * 7 + index) % 256 for index in range(16))
            socket.send_fds(ours, [b"L" + seed], [out, out, request_read, reply_write])
            for fd in (request_read, reply_write, out):
                os.close(fd)
            answer = ours.recv(64)
            if answer[:1] != b"S":
                sys.exit(f"the waiting app did not fork a launch: {answer!r}")
            os.write(request_write, b'{"secret":"0"}\n{"control":"terminate","seq":1}\n')
            os.close(request_write)
            while os.read(reply_read, 65536):   # the reply pipe closes when the launch ends
                pass
            os.close(reply_read)
            ended = ours.recv(64)
            seconds = time.perf_counter() - start
            if ended[:1] != b"E" or int.from_bytes(ended[1:5], "little") != 0:
                sys.exit(f"the forked launch did not end well: {ended!r}")
            if sample > 0:
                record(path, exercise, "fork-launch", seconds)
    finally:
        ours.close()   # the server's end of the socket: it ends, and the sandbox with it
        os.waitpid(server, 0)
        shutil.rmtree(container)


def forks(args):
    servers = set()
    count = 0
    for line in open(args[0]):
        fields = line.split(None, 1)
        if len(fields) < 2:
            continue
        pid, call = fields
        if re.match(r'execve\("[^"]*/App\.app/App"', call) and "= 0" in call:
            servers.add(pid)
        elif pid in servers and re.match(r'(clone|clone3|fork|vfork)\(', call) and "CLONE_THREAD" not in call:
            count += 1
    print(count)


def floors(compile_seconds, sandboxes, waiting, forked, one_launch, one_fork):
    """The floor and the old floor of one run. The floor: the compiles, every sandbox started
    (the waiting apps, the compiler's, the self-test) at the median sandbox launch, and every
    forked launch at the median forked launch. The old floor, every launch a sandbox of its own:
    the sandboxes other than the `waiting` apps, and one per forked launch."""
    return (compile_seconds + sandboxes * one_launch + forked * one_fork,
            compile_seconds + (sandboxes - waiting + forked) * one_launch)


def report(args):
    data = defaultdict(lambda: defaultdict(dict))   # exercise → measure → run → seconds
    launches = defaultdict(list)                    # exercise → one list of launch times per record line
    fork_launches = defaultdict(list)               # exercise → forked launch times
    for line in open(args[0]):
        exercise, measure, run, value = line.rstrip("\n").split("\t")
        if measure == "launch":
            launches[exercise].append(float(value))
        elif measure == "fork-launch":
            fork_launches[exercise].append(float(value))
        else:
            data[exercise][measure][int(run)] = float(value)

    def row(label, values, width=44):
        values = list(values)
        if not values:
            return
        print(f"  {label:<{width}} {seconds_text(statistics.median(values)):>9} {seconds_text(min(values)):>9} "
              f"{seconds_text(max(values)):>9}   ({len(values)})")

    def ratio(label, numerators, denominators, width=44):
        pairs = [numerators[run] / denominators[run] for run in numerators if run in denominators]
        if pairs:
            print(f"  {label:<{width}} {statistics.median(pairs):>8.2f}× "
                  f"{min(pairs):>8.2f}× {max(pairs):>8.2f}×   (per run)")

    for exercise, measures in data.items():
        if exercise == "course":
            continue
        count = int(measures["bwrap-launches"][0])
        app = int(measures.get("app-launches", {0: count})[0])
        forked = int(measures.get("fork-launches", {0: 0})[0])
        one_launch = statistics.median(launches[exercise])
        one_fork = statistics.median(fork_launches[exercise]) if fork_launches[exercise] else 0
        both = {run: floors(compile, count, app, forked, one_launch, one_fork)
                for run, compile in measures["floor-compile"].items()}
        floor = {run: pair[0] for run, pair in both.items()}
        old_floor = {run: pair[1] for run, pair in both.items()}
        print(f"\n{exercise}: {count} sandboxes started per edited check ({app} of the exercise binary, "
              f"{count - app} other, e.g. the compiler's and the self-test), {forked} launches forked")
        print(f"  {'':<44} {'median':>9} {'min':>9} {'max':>9}   (runs)")
        print(" after an edit")
        row("baseline: swift test", measures["baseline-edit"].values())
        row("grader check", measures["grader-edit"].values())
        ratio("grader / baseline", measures["grader-edit"], measures["baseline-edit"])
        row("floor: swiftc compile + link", measures["floor-compile"].values())
        row("floor: one launch in bwrap", launches[exercise])
        row("floor: one forked launch", fork_launches[exercise])
        row(f"floor: compile + {count} × bwrap + {forked} × forked", floor.values())
        ratio("grader / floor", measures["grader-edit"], floor)
        row(f"old floor: compile + {count - app + forked} × bwrap", old_floor.values())
        ratio("grader / old floor", measures["grader-edit"], old_floor)
        print(" unchanged")
        row("baseline: swift test", measures["baseline-unchanged"].values())
        row("grader check", measures["grader-unchanged"].values())
        ratio("grader / baseline", measures["grader-unchanged"], measures["baseline-unchanged"])

    if "course" in data:
        measures = data["course"]
        print("\nthe whole course, references in place of every learner file")
        print(f"  {'':<44} {'median':>9} {'min':>9} {'max':>9}   (runs)")
        row("grader check, cold (no .grader)", measures["cold"].values())
        row("grader check --no-cache, builds kept", measures["warm-no-cache"].values())


COMMANDS = {"time": time_command, "launch": launch, "fork-launch": fork_launch, "forks": forks,
            "swiftc-args": swiftc_args, "swiftc-calls": swiftc_calls_command,
            "compile-all": compile_all, "report": report}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        sys.exit(__doc__)
    COMMANDS[sys.argv[1]](sys.argv[2:])
