#!/usr/bin/env bash
# Every exercise's `grader check EXERCISE` after an edit of the learner's file, the references as
# the learner's files (a copy of the course; the working tree is never touched): a warm-up check,
# then RUNS (default 3) checks each after appending a comment, and their median. The second
# column counts the exercise's kill_during steps (crash cases cost more).
# LAUNCH=exec starts each launch in a sandbox of its own (`--launch exec`) instead of forking it.
# Names given as arguments limit it to those exercises.
# GRADER=path times another grader binary (one copied beside the build's, so that it finds the
# runtime), for comparing two versions.
# Usage: RUNS=5 [LAUNCH=fork|exec] [GRADER=path] Benchmarks/after-edit.sh [EXERCISE…]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-3}"
launch="${LAUNCH:-fork}"
if [ -z "${GRADER:-}" ]; then swift build --product grader >/dev/null; fi
grader="${GRADER:-$(swift build --show-bin-path)/grader}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r grader.yml Exercises Lessons Resources "$work/"
for d in "$work"/Exercises/*/*/; do cp "$d/Reference/Solution.swift" "$d/Solution.swift"; done
printf 'exercise\tkill_during steps\tmedian seconds\n'
for d in "$work"/Exercises/*/*/; do
  name=$(basename "$d" | sed 's/^[0-9]*-//')
  if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then continue; fi
  crash=$(grep -c "kill_during" "$d/exercise.yml" || true)
  (cd "$work" && "$grader" check "$name" --launch "$launch" >/dev/null 2>&1) || { echo "$name: the reference does not pass" >&2; exit 1; }
  times=()
  for run in $(seq "$runs"); do
    echo "// edit $run" >> "$d/Solution.swift"
    start=$(date +%s.%N)
    (cd "$work" && "$grader" check "$name" --launch "$launch" >/dev/null 2>&1)
    end=$(date +%s.%N)
    times+=("$(python3 -c "print(f'{$end - $start:.2f}')")")
  done
  median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  printf '%s\t%s\t%s\n' "$name" "$crash" "$median"
done
