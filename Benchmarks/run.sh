#!/usr/bin/env bash
# Times the grader on a copy of the course (the working tree is never touched):
#   1. one exercise, unchanged: `grader check EXERCISE` with warm caches
#   2. one exercise after an edit: the learner file changes before every run (a rebuild)
#   3. a whole lesson, cold (no .grader/ at all) and warm
# Usage: [COURSE=dir] Benchmarks/run.sh [EXERCISE] [LESSON]   (needs hyperfine: apt-get install hyperfine)
set -euo pipefail
cd "$(dirname "$0")/.."
exercise=${1:-car-settings}
lesson=${2:-01-defaults}

swift build -c release --product grader >/dev/null
grader="$(swift build -c release --show-bin-path)/grader"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
course=$(cd "${COURSE:-.}" && pwd)
cp -r "$course/grader.yml" "$course/Exercises" "$work/"
[ -d "$course/Resources" ] && cp -r "$course/Resources" "$work/"
[ -d "$course/Lessons" ] && cp -r "$course/Lessons" "$work/"
cd "$work"

# Grade the references, so that a run is "a student who solved it".
for reference in Exercises/*/*/Reference; do
  cp "$reference"/*.swift "$(dirname "$reference")/"
done
solution=$(ls Exercises/*/*"$exercise"/Solution.swift | head -1)
"$grader" check "$lesson" >/dev/null || true

echo "== $(nproc) cores, $("$grader" --version 2>/dev/null || echo grader) on $(swift --version 2>&1 | head -1)"
hyperfine --warmup 2 --runs 20 -N --export-markdown "$work/unchanged.md" \
  -n "check $exercise (unchanged)" "$grader check $exercise"
hyperfine --warmup 1 --runs 10 --export-markdown "$work/edited.md" \
  -n "check $exercise (after an edit)" --prepare "echo '// edit '\$RANDOM\$RANDOM >> $solution" "$grader check $exercise"
hyperfine --runs 3 --export-markdown "$work/cold.md" \
  -n "check $lesson (cold: no caches)" --prepare "rm -rf .grader" "$grader check $lesson"
hyperfine --warmup 1 --runs 10 -N --export-markdown "$work/warm.md" \
  -n "check $lesson (warm)" "$grader check $lesson"
cat "$work"/unchanged.md "$work"/edited.md "$work"/cold.md "$work"/warm.md
