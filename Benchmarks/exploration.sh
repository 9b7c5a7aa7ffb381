#!/usr/bin/env bash
# What an exploration costs a student's check after an edit: contacts-repository (no crash
# cases) with its `explore:` section and without it, the reference as the learner's file, one
# edit before each check, runs interleaved A B A B. Usage: Benchmarks/exploration.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-7}"
swift build --product grader >/dev/null
grader="$(swift build --show-bin-path)/grader"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
exercise=Exercises/05-sqlite/02-contacts-repository
for variant in with without; do
  mkdir -p "$work/$variant"
  cp -r grader.yml Exercises Lessons Resources "$work/$variant/"
  cp "$exercise/Reference/Solution.swift" "$work/$variant/$exercise/Solution.swift"
done
# Without: exercise.yml up to its explore: section.
python3 - "$work/without/$exercise/exercise.yml" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
open(path, "w").write(text[:text.index("\nexplore:")] + "\n")
PY
record="$work/record.tsv"
for variant in with without; do   # warm-up: builds the reference and caches its runs
  (cd "$work/$variant" && "$grader" check contacts-repository >/dev/null)
done
for run in $(seq "$runs"); do
  for variant in with without; do
    echo "// edit $run" >> "$work/$variant/$exercise/Solution.swift"
    python3 Benchmarks/interleave.py time "$record" contacts-repository "$variant" "$work/$variant" -- "$grader" check contacts-repository
  done
done
python3 - "$record" <<'PY'
import statistics, sys
rows = [line.split("\t") for line in open(sys.argv[1])]
for variant in ("with", "without"):
    times = [float(r[3]) for r in rows if r[1] == variant]
    print(f"contacts-repository after an edit, {variant} exploration: median {statistics.median(times):.3f} s "
          f"(min {min(times):.3f}, max {max(times):.3f}, {len(times)} runs)")
PY
