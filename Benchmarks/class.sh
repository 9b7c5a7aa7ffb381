#!/usr/bin/env bash
# A class graded by `grader batch`, beside an Exercism-style runner on the same submissions, and
# one student's course beside its floor (issue 16, "Measure and report"; Benchmarks/README.md).
#
#   1. a class of STUDENTS generated students (Benchmarks/class/generate.py, SEED), and a second
#      class with the same files under new headers (new bytes: nothing of it is in any cache)
#   2. the Exercism-style packages prepared once (Benchmarks/class/exercism-runner.sh prepare:
#      the "Docker image"; timed, not part of a student's time)
#   3. ROUNDS times (default 1), one after the other so that a noisy machine slows all alike:
#        grader batch of the class, cold (no .grader/: references built and run in the batch)
#        the Exercism-style runner on the same class (JOBS students at once)
#        grader batch of the second class, the references' work already done (kept in .grader/)
#   4. the floor of one student's course (FLOOR_STUDENT, default student-01): the swiftc calls,
#      the sandboxes started and the launches the waiting apps fork for that student (strace of
#      one batch, references done), then FLOOR_RUNS times (default 3): the grader's batch of that
#      student alone (new bytes each time), those swiftc calls one after the other, LAUNCHES
#      sandbox launches and LAUNCHES forked launches timed. The floor is the compiles, every
#      sandbox at the median sandbox launch and every forked launch at the median forked launch;
#      the old floor (every launch a sandbox of its own) is printed beside it
#   5. a Markdown table (Benchmarks/class/class_report.py)
#
# Every batch gets a new --out (a fresh journal). Everything runs in a temporary folder on copies
# (the course, the class, the packages); the repository is not touched. The grader is the debug
# build, as `swift run grader batch` builds it. Needs bubblewrap, strace, PyYAML (Debian's
# python3-yaml), and a few GB of disk for the packages' .build folders (about 55 MB each, 105 MB
# with ObjectGraph).
#
# Usage: [STUDENTS=30] [LESSONS=01-defaults,02-file-paths] [EXERCISES=car-settings,…] [JOBS=2]
#        [SEED=1] [ROUNDS=1] [FLOOR_RUNS=3] [FLOOR_STUDENT=student-01] [LAUNCHES=5] [KEEP=DIR]
#        Benchmarks/class.sh
# KEEP=DIR keeps every file (classes, outputs, logs, times) in DIR instead of removing them.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
students=${STUDENTS:-30}
jobs=${JOBS:-2}
seed=${SEED:-1}
rounds=${ROUNDS:-1}
floor_runs=${FLOOR_RUNS:-3}
floor_student=${FLOOR_STUDENT:-student-01}
launches=${LAUNCHES:-5}
filter=()
[ -n "${LESSONS:-}" ] && filter+=(--lessons "$LESSONS")
[ -n "${EXERCISES:-}" ] && filter+=(--exercises "$EXERCISES")
helper="$repo/Benchmarks/interleave.py"
here="$repo/Benchmarks/class"
for tool in bwrap strace python3; do
  command -v $tool >/dev/null || { echo "class.sh needs $tool (Scripts/setup.sh installs bubblewrap; apt-get install -y strace)" >&2; exit 2; }
done
python3 -c 'import yaml' 2>/dev/null || { echo "class.sh needs PyYAML: apt-get install -y python3-yaml" >&2; exit 2; }

section() { echo "== $* ($(date +%T))" >&2; section_start=$SECONDS; }
section_done() { echo "   took $((SECONDS - section_start)) s" >&2; }

if [ -n "${KEEP:-}" ]; then
  mkdir -p "$KEEP"
  work=$(cd "$KEEP" && pwd)
else
  work=$(mktemp -d -t class-bench.XXXXXX)
  trap 'rm -rf "$work"' EXIT
fi
times="$work/times.tsv"
: >"$times"
echo "$(uptime | sed 's/.*load average: //')" >"$work/load-start.txt"

section "building the grader (debug)"
swift build --product grader >/dev/null
grader="$(swift build --show-bin-path)/grader"
section_done

course="$work/course"
rm -rf "$course"
mkdir -p "$course"
cp -r grader.yml Exercises Lessons Resources "$course/"
python3 "$here/course_subset.py" "$course" "${filter[@]}"

section "generating the classes: $students students"
for ((round = 1; round <= rounds; round++)); do
  python3 "$here/generate.py" "$work/class-$round" --course "$course" --students "$students" --seed "$seed" \
    --tag "$([ "$round" = 1 ] || echo "round $round")"
  python3 "$here/generate.py" "$work/second-$round" --course "$course" --students "$students" --seed "$seed" \
    --tag "second class, round $round" 2>/dev/null
done
section_done

section "preparing the Exercism-style packages (built once, like a Docker image)"
rm -rf "$work/packages"
python3 "$helper" time "$times" class exercism-prepare "$repo" -- \
  "$here/exercism-runner.sh" prepare "$course" "$work/packages" --sources "$repo"
section_done

batch() {  # batch MEASURE CLASS OUT: grader batch of every student of CLASS, timed
  python3 "$helper" time "$times" class "$1" "$course" -- \
    "$grader" batch "$2"/student-* --out "$3" --jobs "$jobs"
}

for ((round = 1; round <= rounds; round++)); do
  section "round $round: grader batch cold"
  rm -rf "$course/.grader"
  batch grader-cold "$work/class-$round" "$work/grader-cold-$round"
  section_done
  section "round $round: the Exercism-style runner"
  rm -rf "$work/exercism-$round"
  python3 "$helper" time "$times" class exercism "$repo" -- \
    "$here/exercism-runner.sh" grade "$work/packages" "$work/exercism-$round" "$jobs" "$work/class-$round"/student-*
  section_done
  section "round $round: grader batch, the references' work already done"
  batch grader-warm "$work/second-$round" "$work/grader-warm-$round"
  section_done
done

# --- The floor of one student's course --------------------------------------------------------
one_student() {  # one_student TAG DIR: FLOOR_STUDENT's files under new headers, in DIR
  python3 "$here/generate.py" "$2" --course "$course" --students "$students" --seed "$seed" \
    --only "$floor_student" --tag "$1" 2>/dev/null
}
section "the floor: strace of grader batch $floor_student (references done)"
one_student "floor, traced" "$work/floor-traced"
# GRADER_SWIFTC_DRIVER=1: each build one swiftc call, which the floor replays.
(cd "$course" && GRADER_SWIFTC_DRIVER=1 strace -f -s 65536 -e trace=execve,clone,clone3 -o "$work/floor.strace" \
  "$grader" batch "$work/floor-traced/$floor_student" --out "$work/floor-traced-out" --jobs "$jobs" >/dev/null 2>&1)
python3 "$helper" swiftc-calls "$work/floor.strace" "$work/floor-calls"
bwrap_count=$(grep -c 'execve("[^"]*/bwrap"' "$work/floor.strace" || true)
app_count=$(grep -c 'execve("[^"]*/App.app/App"' "$work/floor.strace" || true)
fork_count=$(python3 "$helper" forks "$work/floor.strace")
printf 'floor\tbwrap-launches\t0\t%s\nfloor\tapp-launches\t0\t%s\nfloor\tfork-launches\t0\t%s\nfloor\tswiftc-calls\t0\t%s\n' \
  "$bwrap_count" "$app_count" "$fork_count" "$(ls "$work/floor-calls" | wc -l)" >>"$times"
echo "   $(ls "$work/floor-calls" | wc -l) swiftc calls, $bwrap_count sandboxes ($app_count of exercise binaries), $fork_count forked launches" >&2
section_done

swiftc=$(command -v swiftc)
libraries=$(realpath "$(dirname "$(dirname "$(realpath "$swiftc")")")/lib/swift/linux")
mkdir -p "$work/floor-etc" "$work/floor-bin/App.app"
printf 'root:x:0:0:root:/root:/bin/sh\nmobile:x:501:501:Mobile User:/var/mobile/Containers/Data/Application/App:/bin/sh\n' >"$work/floor-etc/passwd"
printf 'root:x:0:\nmobile:x:501:\n' >"$work/floor-etc/group"
# The launches start the binary of the first call that compiles (a typo's call does not).
for call in "$work/floor-calls"/*.txt; do
  mapfile -t arguments < <(sed "s|^<output>\$|$work/floor-bin/App.app/App|" "$call")
  (cd "$course" && TMPDIR="$work/floor-bin" "$swiftc" "${arguments[@]}" >/dev/null 2>&1) && break
done
section "the floor: $floor_runs runs of (grader batch of $floor_student alone, the swiftc calls, $launches launches each way)"
for ((run = 1; run <= floor_runs; run++)); do
  one_student "floor, run $run" "$work/floor-$run"
  python3 "$helper" time "$times" floor grader-one-student "$course" -- \
    "$grader" batch "$work/floor-$run/$floor_student" --out "$work/floor-out-$run" --jobs "$jobs"
  python3 "$helper" compile-all "$times" floor compiles "$course" "$work/floor-bin/App.app/App" "$work/floor-calls"/*.txt
  python3 "$helper" launch "$times" floor "$launches" "$work/floor-bin/App.app" "$work/floor-etc" "$libraries"
  python3 "$helper" fork-launch "$times" floor "$launches" "$work/floor-bin/App.app" "$work/floor-etc" "$libraries"
done
section_done
echo "$(uptime | sed 's/.*load average: //')" >"$work/load-end.txt"

python3 "$here/class_report.py" "$work" "$jobs" "$rounds" "$floor_student" "$(swift --version 2>&1 | head -1)"
