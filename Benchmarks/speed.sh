#!/usr/bin/env bash
# How fast is the grader next to a plain `swift test`, and next to the least any grader must do?
#
# For car-settings, contacts-repository and safe-save, interleaved (baseline, grader, baseline,
# grader, …), RUNS times each (default 7):
#   after an edit  a comment appended to the learner file, then `swift test` in the exercise's
#                  Exercism-style package (Benchmarks/Baseline) and `grader check EXERCISE`
#   unchanged      the same without the edit
#   floor          the grader's own swiftc command alone, plus the exercise's sandboxes and
#                  forked launches back to back: their numbers counted with strace, one sandbox
#                  launch timed in bubblewrap and one launch forked by a waiting app (and the
#                  old floor beside it: every launch a sandbox of its own)
# then the whole course, RUNS_COURSE times (default 5): `grader check` cold (no .grader) and
# `grader check --no-cache` with the builds kept.
#
# The grader is the debug build (what `swift run grader` builds). Everything runs on copies in
# temporary folders, with the references in place of the learner's files; the repository is
# not touched. Needs bubblewrap, prlimit, strace (apt-get install strace) and python3.
# Usage: [RUNS=7] [RUNS_COURSE=5] [LAUNCHES=5] Benchmarks/speed.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
runs=${RUNS:-7}
runs_course=${RUNS_COURSE:-5}
launch_samples=${LAUNCHES:-5}          # sandbox and forked launches timed per run, for "one launch"
exercises=(car-settings contacts-repository safe-save)
helper="$repo/Benchmarks/interleave.py"
command -v strace >/dev/null || { echo "speed.sh needs strace: apt-get install -y strace" >&2; exit 2; }

section() { echo "== $* ($(date +%T))" >&2; section_start=$SECONDS; }
section_done() { echo "   took $((SECONDS - section_start)) s" >&2; }

section "building the grader (debug)"
swift build --product grader >/dev/null
bin=$(swift build --show-bin-path)
grader="$bin/grader"
section_done

course=$(mktemp -d -t speed-course.XXXXXX)
baseline=$(mktemp -d -t speed-baseline.XXXXXX)
scratch=$(mktemp -d -t speed-scratch.XXXXXX)
interrupted=0
cleanup() {
  # After ^C, compilers started by `swift build` (in their own process groups) may still write
  # for a moment and recreate folders: remove until the folders stay gone.
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    rm -rf "$course" "$baseline" "$scratch" 2>/dev/null
    [ "$interrupted" = 1 ] && sleep 2
    [ -e "$course" ] || [ -e "$baseline" ] || [ -e "$scratch" ] || return 0
  done
  echo "speed.sh: could not remove $course $baseline $scratch" >&2
}
trap cleanup EXIT
trap 'interrupted=1; exit 130' INT TERM
results="$scratch/times.tsv"

# The course, as a student who solved everything: each reference in place of the learner's files.
cp -r grader.yml Exercises Lessons Resources "$course/"
for reference in "$course"/Exercises/*/*/Reference; do
  cp "$reference"/*.swift "$(dirname "$reference")/"
done
# The baseline packages, links dereferenced (so they hold the reference), without any .build.
for exercise in "${exercises[@]}"; do
  mkdir "$baseline/$exercise"
  cp -rL "Benchmarks/Baseline/$exercise"/{Package.swift,Sources,Tests} "$baseline/$exercise/"
done

exercise_dir() { ls -d "$course"/Exercises/*/*-"$1" | head -1; }
# The learner's files of an exercise: the names of its reference files.
learner_files() { (cd "$(exercise_dir "$1")/Reference" && ls ./*.swift | sed 's|^\./||'); }
edits=0
edit() {  # edit FILE...: the same new comment appended to each
  edits=$((edits + 1))
  for file in "$@"; do echo "// edit $edits" >>"$file"; done
}
timed() {  # timed EXERCISE MEASURE DIR COMMAND...
  python3 "$helper" time "$results" "$1" "$2" "$3" -- "${@:4}"
}

section "warming up: swift build --build-tests in each baseline, grader check of each exercise"
for exercise in "${exercises[@]}"; do
  (cd "$baseline/$exercise" && swift build --build-tests >/dev/null)
  (cd "$course" && "$grader" check "$exercise" >/dev/null)
done
section_done

# --- The floor's ingredients ------------------------------------------------------------------
section "counting each exercise's launches: strace of grader check --no-cache --jobs 1 after an edit"
for exercise in "${exercises[@]}"; do
  edit "$(exercise_dir "$exercise")/$(learner_files "$exercise" | head -1)"
  # GRADER_SWIFTC_DRIVER=1: the grader calls swiftc itself, as the floor does, rather than
  # running the jobs swiftc -### planned (which strace would show as several commands).
  (cd "$course" && GRADER_SWIFTC_DRIVER=1 strace -f -s 4096 -e trace=execve,clone,clone3 -o "$scratch/strace-$exercise.txt" \
    "$grader" check "$exercise" --no-cache --jobs 1 >/dev/null)
  count=$(grep -c 'execve("[^"]*/bwrap"' "$scratch/strace-$exercise.txt" || true)
  app=$(grep -c 'execve("[^"]*/App.app/App"' "$scratch/strace-$exercise.txt" || true)
  forked=$(python3 "$helper" forks "$scratch/strace-$exercise.txt")
  printf '%s\tbwrap-launches\t0\t%s\n%s\tapp-launches\t0\t%s\n%s\tfork-launches\t0\t%s\n' \
    "$exercise" "$count" "$exercise" "$app" "$exercise" "$forked" >>"$results"
  python3 "$helper" swiftc-args "$scratch/strace-$exercise.txt" >"$scratch/swiftc-$exercise.txt" || true
  echo "   $exercise: $count sandboxes ($app waiting apps of the exercise binary), $forked forked launches" >&2
done
section_done

# The compiler and runtime, found as Sources/GraderCore/Build/Toolchain.swift finds them.
swiftc=$(command -v swiftc)
libraries=$(realpath "$(dirname "$(dirname "$(realpath "$swiftc")")")/lib/swift/linux")
# The sandbox's password and group files, as Sandbox.prepare writes them.
mkdir -p "$scratch/etc"
printf 'root:x:0:0:root:/root:/bin/sh\nmobile:x:501:501:Mobile User:/var/mobile/Containers/Data/Application/App:/bin/sh\n' >"$scratch/etc/passwd"
printf 'root:x:0:\nmobile:x:501:\n' >"$scratch/etc/group"

floor_compile_args() {  # floor_compile_args EXERCISE OUTPUT: the grader's own swiftc arguments, as strace saw them
  [ -s "$scratch/swiftc-$1.txt" ] || { echo "speed.sh: no swiftc call of the grader's was seen for $1" >&2; exit 1; }
  sed "s|^<output>\$|$2|" "$scratch/swiftc-$1.txt"
}

# --- The three exercises, interleaved ---------------------------------------------------------
for exercise in "${exercises[@]}"; do
  section "$exercise: $runs runs of (edit: baseline, grader; unchanged: baseline, grader; floor)"
  learner=$(learner_files "$exercise" | head -1)
  course_file="$(exercise_dir "$exercise")/$learner"
  baseline_file=$(find "$baseline/$exercise/Sources" -name "$learner" | head -1)
  floor="$scratch/floor-$exercise"
  mkdir -p "$floor/App.app" "$floor/tmp"
  for ((run = 1; run <= runs; run++)); do
    edit "$baseline_file" "$course_file"
    timed "$exercise" baseline-edit "$baseline/$exercise" swift test
    timed "$exercise" grader-edit "$course" "$grader" check "$exercise"
    timed "$exercise" baseline-unchanged "$baseline/$exercise" swift test
    timed "$exercise" grader-unchanged "$course" "$grader" check "$exercise"
    mapfile -t arguments < <(floor_compile_args "$exercise" "$floor/App.app/App")
    TMPDIR="$floor/tmp" timed "$exercise" floor-compile "$course" "$swiftc" "${arguments[@]}"
    python3 "$helper" launch "$results" "$exercise" "$launch_samples" "$floor/App.app" "$scratch/etc" "$libraries"
    python3 "$helper" fork-launch "$results" "$exercise" "$launch_samples" "$floor/App.app" "$scratch/etc" "$libraries"
  done
  section_done
done

# --- The whole course -------------------------------------------------------------------------
section "the whole course: $runs_course runs of (cold check, check --no-cache with builds kept)"
for ((run = 1; run <= runs_course; run++)); do
  rm -rf "$course/.grader"
  timed course cold "$course" "$grader" check
  timed course warm-no-cache "$course" "$grader" check --no-cache
done
section_done

echo "== $(nproc) cores, $(swift --version 2>&1 | head -1); grader: debug build, default --jobs"
python3 "$helper" report "$results"
