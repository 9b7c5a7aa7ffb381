#!/usr/bin/env python3
"""The tables of Benchmarks/class.sh, from its work folder.

  class_report.py WORK JOBS ROUNDS FLOOR_STUDENT SWIFT_VERSION

Reads WORK/times.tsv (interleave.py's records), each batch's report.json (the students'
`duration`), the Exercism-style runner's OUT/STUDENT/timing.json and results, the classes'
class.json and the packages' coverage.json, and prints Markdown.
"""
import glob
import json
import os
import statistics
import subprocess
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from interleave import floors  # noqa: E402  (Benchmarks/interleave.py: the floor as speed.sh counts it)


def seconds_text(value):
    if value < 1:
        return f"{value * 1000:.0f} ms"
    if value < 120:
        return f"{value:.1f} s"
    return f"{value / 60:.1f} min"


def load_times(path):
    times = defaultdict(lambda: defaultdict(list))   # exercise → measure → [seconds, in run order]
    for line in open(path):
        exercise, measure, _, value = line.rstrip("\n").split("\t")
        times[exercise][measure].append(float(value))
    return times


def grader_durations(out):
    report = json.load(open(os.path.join(out, "report.json")))
    return [student["duration"] for student in report["students"]], report


def exercism_durations(out):
    durations = []
    for timing in sorted(glob.glob(os.path.join(out, "*", "timing.json"))):
        data = json.load(open(timing))
        durations.append(data["end"] - data["start"])
    return durations


def main():
    work, jobs, rounds, floor_student, swift_version = sys.argv[1:6]
    rounds = int(rounds)
    times = load_times(os.path.join(work, "times.tsv"))
    klass = json.load(open(os.path.join(work, "class-1", "class.json")))
    students = len(klass["students"])
    exercises = len(klass["exercises"])
    load_start = open(os.path.join(work, "load-start.txt")).read().strip()
    load_end = open(os.path.join(work, "load-end.txt")).read().strip()
    print(f"nproc {os.cpu_count()}; load average {load_start} at start, {load_end} at end; {swift_version}; "
          f"grader: debug build, --jobs {jobs}; {students} students × {exercises} exercises, {rounds} round(s)\n")

    kinds = defaultdict(int)
    for entry in klass["students"].values():
        for drawn in entry["exercises"].values():
            kinds[drawn["kind"]] += 1
    copiers = [f"{sid} of {entry['copied_from']}" for sid, entry in klass["students"].items() if entry["copied_from"]]
    total = sum(kinds.values())
    print("The class: " + ", ".join(f"{k} {kinds[k]} ({100 * kinds[k] / total:.0f}%)" for k in
                                     ("correct", "wrong", "starter", "typo")) +
          f"; copies: {', '.join(copiers) or 'none'}.\n")

    # --- Throughput -----------------------------------------------------------------------------
    rows = []
    exercism_walls = times["class"]["exercism"]
    exercism_rate = students * 3600 / statistics.median(exercism_walls)
    for label, measure, durations_of in [
            ("Exercism-style runner (`swift test` per exercise)", "exercism",
             lambda r: exercism_durations(os.path.join(work, f"exercism-{r}"))),
            ("`grader batch`, cold (references built and run in the batch)", "grader-cold",
             lambda r: grader_durations(os.path.join(work, f"grader-cold-{r}"))[0]),
            ("`grader batch`, the references' work already done", "grader-warm",
             lambda r: grader_durations(os.path.join(work, f"grader-warm-{r}"))[0])]:
        walls = times["class"][measure]
        durations = [d for r in range(1, rounds + 1) for d in durations_of(r)]
        wall = statistics.median(walls)
        rate = students * 3600 / wall
        rows.append(f"| {label} | {seconds_text(wall)} | {seconds_text(statistics.median(durations))} | "
                    f"{seconds_text(min(durations))} | {seconds_text(max(durations))} | {seconds_text(wall / students)} | "
                    f"{rate:.1f} | {rate / exercism_rate:.2f}× |")
    print("| runner | class, wall | per student: median | min | max | wall ÷ students | students per hour | "
          "throughput ÷ Exercism-style |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    print("\n".join(rows))
    print(f"\nPer student: each student's own time from its start to its end, while {jobs} jobs ran (the "
          f"grader's `duration` in report.json; the runner's time over the student's exercises, {jobs} "
          f"students at once). Preparing the Exercism-style packages (generate, resolve, build, record the "
          f"reference's values, verify; once per course, like building its Docker image): "
          f"{seconds_text(statistics.median(times['class']['exercism-prepare']))}.\n")

    # --- The floor --------------------------------------------------------------------------------
    floor = times["floor"]
    if floor.get("grader-one-student"):
        launches = int(floor["bwrap-launches"][0])
        apps = int(floor["app-launches"][0])
        forked = int(floor["fork-launches"][0]) if floor.get("fork-launches") else 0
        calls = int(floor["swiftc-calls"][0])
        one_launch = statistics.median(floor["launch"])
        one_fork = statistics.median(floor["fork-launch"]) if floor.get("fork-launch") else 0
        both = [floors(compiles, launches, apps, forked, one_launch, one_fork) for compiles in floor["compiles"]]
        new_floors = [pair[0] for pair in both]
        old_floors = [pair[1] for pair in both]
        grader = floor["grader-one-student"]
        ratios = [g / f for g, f in zip(grader, new_floors)]
        old_ratios = [g / f for g, f in zip(grader, old_floors)]
        mine = klass["students"][floor_student]["exercises"].values()
        mix = defaultdict(int)
        for drawn in mine:
            mix[drawn["kind"]] += 1
        print(f"One student's course, {floor_student} ({', '.join(f'{v} {k}' for k, v in sorted(mix.items()))}), "
              f"its files under new headers each run (nothing cached but the references' work): "
              f"{calls} `swiftc` calls, {launches} sandboxes started ({apps} of them waiting exercise binaries) "
              f"and {forked} launches forked by them, counted with `strace -f -e trace=execve,clone,clone3`.\n")
        print(f"| {floor_student}'s whole course | median | min | max | runs |")
        print("| --- | ---: | ---: | ---: | ---: |")
        rows = [(f"`grader batch` of that student alone (`--jobs {jobs}`)", grader),
                (f"floor: the {calls} `swiftc` calls, one after the other", floor["compiles"]),
                ("floor: one launch in bubblewrap", floor["launch"])]
        if floor.get("fork-launch"):
            rows.append(("floor: one forked launch", floor["fork-launch"]))
        rows += [(f"floor: compiles + {launches} × bubblewrap + {forked} × forked", new_floors),
                 (f"old floor: compiles + {launches - apps + forked} × bubblewrap", old_floors)]
        for label, values in rows:
            print(f"| {label} | {seconds_text(statistics.median(values))} | {seconds_text(min(values))} | "
                  f"{seconds_text(max(values))} | {len(values)} |")
        print(f"| grader ÷ floor (per run) | {statistics.median(ratios):.2f}× | {min(ratios):.2f}× | "
              f"{max(ratios):.2f}× | {len(ratios)} |")
        print(f"| grader ÷ old floor (per run) | {statistics.median(old_ratios):.2f}× | {min(old_ratios):.2f}× | "
              f"{max(old_ratios):.2f}× | {len(old_ratios)} |\n")

    # --- What each found --------------------------------------------------------------------------
    _, report = grader_durations(os.path.join(work, "grader-cold-1"))
    graded = {s["id"]: {e["id"]: e for e in s["exercises"]} for s in report["students"]}
    table = defaultdict(lambda: defaultdict(int))
    for sid, entry in klass["students"].items():
        for exercise, drawn in entry["exercises"].items():
            result = json.load(open(os.path.join(work, "exercism-1", sid, exercise.replace("/", "--") + ".json")))
            grade = graded[sid][exercise]
            grader_pass = grade["score"] >= grade["points"] - 1e-9
            exercism_pass = result["status"] == "pass"
            table[drawn["kind"]][(exercism_pass, grader_pass)] += 1
    print("| files (round 1) | both pass | only the Exercism-style tests pass | only the grader passes | both fail |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for kind in ("correct", "wrong", "starter", "typo"):
        cells = table[kind]
        print(f"| {kind} | {cells[(True, True)]} | {cells[(True, False)]} | {cells[(False, True)]} | {cells[(False, False)]} |")
    print("\nWhat the Exercism-style packages run, of the course's cases:\n")
    sys.stdout.flush()
    subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "exercism_packages.py"),
                    "coverage", os.path.join(work, "packages")], check=True)


if __name__ == "__main__":
    main()
