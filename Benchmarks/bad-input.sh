#!/usr/bin/env bash
# What loading costs, for good course files and for the bad ones the grader now bounds, on a
# copy of the course (the working tree is never touched):
#   1. `grader list` on the course (every grader.yml, exercise.yml read and validated), RUNS times:
#      the median, and the instructions one run takes (valgrind's callgrind, repeatable on a
#      loaded machine; skipped without valgrind)
#   2. `grader list` with one exercise.yml replaced by a "billion laughs" alias bomb of 9^7
#      elements: time and peak memory
# Usage: [RUNS=n] Benchmarks/bad-input.sh        (a debug build, as the tests use)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-11}

swift build --product grader >/dev/null
grader="$(swift build --show-bin-path)/grader"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for item in grader.yml Exercises Lessons Resources; do cp -r "$item" "$work/"; done
cd "$work"

echo "== $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(swift --version 2>&1 | head -1)"
times=()
for _ in $(seq "$runs"); do
  start=$(date +%s%N)
  "$grader" list >/dev/null
  times+=($(( ($(date +%s%N) - start) / 1000000 )))
done
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
echo "grader list, the course: median ${median} ms of $runs runs"
if command -v valgrind >/dev/null; then
  # valgrind cannot read the debug information of a Swift debug build: a stripped copy.
  objcopy --strip-debug "$grader" "$work/grader-stripped"
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$work/grader-stripped" list 2>&1 >/dev/null \
    | sed -n 's/.*Collected : \([0-9]*\).*/grader list, the course: \1 instructions (callgrind)/p'
fi

python3 - <<'PYTHON'
levels = 7
text = "format: 1\ntitle: Bomb\nsummary: s\nl0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
for level in range(1, levels):
    text += f"l{level}: &l{level} [" + ", ".join([f"*l{level - 1}"] * 9) + "]\n"
text += f"cases: *l{levels - 1}\n"
open("Exercises/01-defaults/01-car-settings/exercise.yml", "w").write(text)
PYTHON
/usr/bin/time -f "grader list, with a 9^7 alias bomb: %e s, %M KB at most" "$grader" list >/dev/null
"$grader" list | grep -A1 "01-car-settings"
