#!/usr/bin/env bash
# Times the whole course on a copy of it (the working tree is never touched):
#   1. `grader verify` cold (no .grader/): every reference, starter, mutant and lesson
#   2. `grader check LESSON` for every lesson, with the references as the learner's code,
#      cold (no .grader/) and warm (a second run)
# Usage: [COURSE=dir] [RUNS=n] Benchmarks/course.sh      (needs hyperfine: apt-get install hyperfine)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}

swift build -c release --product grader >/dev/null
grader="$(swift build -c release --show-bin-path)/grader"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
course=$(cd "${COURSE:-.}" && pwd)
for item in grader.yml Exercises Lessons Resources; do
  [ -e "$course/$item" ] && cp -r "$course/$item" "$work/"
done
cd "$work"

echo "== $(nproc) cores, $(swift --version 2>&1 | head -1)"
hyperfine --runs "$runs" --export-markdown "$work/verify.md" \
  -n "verify (cold: no caches)" --prepare "rm -rf .grader" "$grader verify"

for reference in Exercises/*/*/Reference; do
  cp "$reference"/*.swift "$(dirname "$reference")/"
done
lessons=$(sed -n 's/^  - id: *//p' grader.yml)
for lesson in $lessons; do
  hyperfine --runs "$runs" --export-markdown "$work/cold-$lesson.md" \
    -n "check $lesson (cold)" --prepare "rm -rf .grader" "$grader check $lesson"
  hyperfine --warmup 1 --runs "$runs" -N --export-markdown "$work/warm-$lesson.md" \
    -n "check $lesson (warm)" "$grader check $lesson"
done
cat "$work"/verify.md "$work"/cold-*.md "$work"/warm-*.md
