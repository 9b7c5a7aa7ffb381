#!/usr/bin/env python3
"""Times the exercise build with the compiler options the grader weighed, interleaved.

    python3 Benchmarks/compile_options.py [RUNS]      (default 7; run after `swift build` and `grader prepare`)

For car-settings, contacts-repository and safe-save (the reference as the learner's file), each
run builds with every variant in turn: the options the grader used before (one frontend per
file), `-wmo`, and `-wmo -use-ld=lld` (what it uses now). Every binary is started once to check
it works. Prints the median, minimum and maximum and the median of the per-run ratios to the first.
"""
import glob, os, statistics, subprocess, sys, tempfile, time

repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
build = os.path.realpath(os.path.join(repo, ".build/debug"))
caches = glob.glob(os.path.join(build, "grader-module-cache", "*"))
if not caches:
    sys.exit("no module cache: run `swift build` and `swift run grader prepare` first")
runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
exercises = {"car-settings": "01-defaults/01-car-settings",
             "contacts-repository": "05-sqlite/02-contacts-repository",
             "safe-save": "02-file-paths/05-safe-save"}
variants = {"one frontend per file": [], "-wmo": ["-wmo"], "-wmo -use-ld=lld": ["-wmo", "-use-ld=lld"]}
banner = b"This program is an exercise binary"

with tempfile.TemporaryDirectory() as scratch:
    for name, path in exercises.items():
        folder = os.path.join(repo, "Exercises", path)
        sources = [os.path.join(folder, "Driver.swift")] + sorted(glob.glob(os.path.join(folder, "Reference", "*.swift")))
        command = ["swiftc", "-Onone", "-module-name", "App", "-parse-as-library", "-diagnostic-style=llvm",
                   "-module-cache-path", caches[0], "-I", os.path.join(build, "Modules"),
                   "-I", os.path.join(repo, "Sources", "SQLite3")] + sources + ["-L", build, "-lExerciseKit"]
        times = {variant: [] for variant in variants}
        for _ in range(runs):
            for variant, extra in variants.items():
                output = os.path.join(scratch, "App")
                start = time.perf_counter()
                built = subprocess.run(command + extra + ["-o", output], capture_output=True,
                                       env=dict(os.environ, TMPDIR=scratch))
                times[variant].append(time.perf_counter() - start)
                if built.returncode != 0:
                    sys.exit(built.stderr.decode()[-2000:])
                if banner not in subprocess.run([output], capture_output=True).stderr:
                    sys.exit(f"the binary built with {variant} does not start")
        first = times["one frontend per file"]
        for variant, values in times.items():
            ratio = statistics.median(a / b for a, b in zip(values, first))
            print(f"{name:20} {variant:22} median {statistics.median(values):.3f} s "
                  f"({min(values):.3f}–{max(values):.3f})  ratio {ratio:.2f}")
