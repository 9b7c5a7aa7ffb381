#!/usr/bin/env bash
# What naming known bugs costs a batch, and whether it names the right ones on the real course.
#
# Copies the course to a temporary folder with one lesson (default 01-defaults), makes a class in
# which student k's file for each exercise is that exercise's k-th hand-written mutant (a patch
# applied to the reference, or a whole-file mutant without its header lines), with a comment
# line of its own so that no student's build is a mutant's, and runs `grader batch` on it: a
# first batch from an empty .grader/ (students and mutants built and graded), a second batch of
# the same class into the same folder (students from the journal, mutants from the caches), and
# a first batch with --no-known-bugs on a second copy of the course, also from an empty .grader/.
# Prints each run's wall time and the grader's own time for the known-bug step, then how many
# (student, exercise) pairs were named with the very mutant they were made of, with another, or
# with none.
#
# Usage: Benchmarks/known-bugs.sh [LESSON] [JOBS]
set -euo pipefail
cd "$(dirname "$0")/.."
lesson="${1:-01-defaults}"
jobs="${2:-4}"
swift build --product grader >/dev/null
grader="$(swift build --show-bin-path)/grader"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
course="$work/course"
mkdir -p "$course"
cp -r Exercises Lessons Resources "$course/"
python3 - "$course" "$lesson" "$work/class" <<'PY'
import os, re, shutil, subprocess, sys
course, lesson, klass = sys.argv[1:4]
# grader.yml with this lesson alone.
text = open("grader.yml").read()
head, lessons = text.split("\nlessons:\n", 1)
blocks = re.split(r"\n(?=  - id: )", "\n" + lessons)
kept = [b.strip("\n") for b in blocks if b.strip().startswith(f"- id: {lesson}")]
open(os.path.join(course, "grader.yml"), "w").write(head + "\nlessons:\n" + kept[0] + "\n")
folder = os.path.join(course, "Exercises", lesson)
exercises = sorted(e for e in os.listdir(folder) if os.path.isdir(os.path.join(folder, e)))
mutants = {e: sorted(m for m in os.listdir(os.path.join(folder, e, "Mutants")) if m.endswith((".patch", ".swift")))
           for e in exercises if os.path.isdir(os.path.join(folder, e, "Mutants"))}
students = max(len(m) for m in mutants.values())
made = []
for k in range(students):
    for exercise, names in mutants.items():
        name = names[k % len(names)]
        source = os.path.join(folder, exercise, "Mutants", name)
        target = os.path.join(klass, f"s{k:02d}", lesson, exercise)
        os.makedirs(target, exist_ok=True)
        if name.endswith(".swift"):
            lines = open(source).read().split("\n")
            while lines and (lines[0].startswith("// Mutant:") or lines[0].startswith("// Hint:")):
                lines.pop(0)
            files = {"Solution.swift": "\n".join(lines)}
        else:
            scratch = os.path.join(klass, ".scratch")
            shutil.rmtree(scratch, ignore_errors=True)
            shutil.copytree(os.path.join(folder, exercise, "Reference"), scratch)
            subprocess.run(["patch", "-s", "-p1", "-d", scratch, "-i", source], check=True)
            files = {f: open(os.path.join(scratch, f)).read() for f in os.listdir(scratch) if f.endswith(".swift")}
            shutil.rmtree(scratch)
        for file, text in files.items():
            open(os.path.join(target, file), "w").write(text + f"\n// s{k:02d}\n")
        made.append(f"s{k:02d}\t{lesson}/{exercise}\t{name.rsplit('.', 1)[0]}")
open(os.path.join(klass, "..", "made.tsv"), "w").write("\n".join(made) + "\n")
print(f"{lesson}: {len(exercises)} exercises, {sum(len(m) for m in mutants.values())} mutants, {students} students")
PY
cp -r "$course" "$work/course-plain"
students=$(ls "$work/class" | grep -v '^\.' | sed "s|^|$work/class/|")
run() { # NAME COURSE OUT [OPTIONS...]
  local name=$1 from=$2 out=$3
  shift 3
  local start end
  start=$(date +%s.%N)
  # shellcheck disable=SC2086
  (cd "$from" && "$grader" batch $students --out "$out" --jobs "$jobs" "$@" 2>"$work/$name.err" >/dev/null)
  end=$(date +%s.%N)
  local step
  step=$(grep -o 'match one ([0-9.]* s)' "$work/$name.err" | grep -o '[0-9.]* s' || echo "-")
  printf '%-28s wall %6.1f s   known-bug step %s   %s\n' "$name" "$(echo "$end - $start" | bc)" "$step" \
    "$(grep '^known bugs: grading' "$work/$name.err" | sed 's/^known bugs: //' || true)"
}
run "first batch" "$course" "$work/out"
run "second batch (same class)" "$course" "$work/out"
run "first, --no-known-bugs" "$work/course-plain" "$work/out-plain" --no-known-bugs
python3 - "$work/made.tsv" "$work/out/report.json" <<'PY'
import json, sys
made = [line.split("\t") for line in open(sys.argv[1]).read().split("\n") if line]
report = json.load(open(sys.argv[2]))
named = {}
for student in report["students"]:
    for match in student.get("known_bugs") or []:
        named[(student["id"], match["exercise"])] = [m["name"] for m in match["mutants"]]
alone = among = other = none = 0
for student, exercise, mutant in made:
    names = named.get((student, exercise), [])
    if names == [mutant]: alone += 1
    elif mutant in names: among += 1
    elif names: other += 1; print(f"  {student} {exercise}: made of {mutant}, named {names}")
    else: none += 1
print(f"{len(made)} (student, exercise) pairs: named with their mutant alone {alone}, among others {among}, "
      f"with another {other}, with none {none}")
PY
