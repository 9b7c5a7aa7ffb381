#!/usr/bin/env bash
# The student handout as instructors hand it out, through a Git repository: packs this course,
# checks that it is under 100 MB (a template repository a Git host takes, a clone a student can
# afford), pushes it to a bare repository, and grades from a fresh clone of it: a starter fails,
# the reference's code passes (one exercise of lesson 01, and one that links ObjectGraph).
# Run by .ci/run after `swift test`, which built the grader and grader-instructor.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
grader="$root/.build/debug/grader"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "handout-in-git: $*" >&2; exit 1; }

"$grader" pack --student "$work/handout"
bytes=$(du -sb "$work/handout" | cut -f1)
limit=$((100 * 1000 * 1000))
echo "handout: $bytes bytes ($(du -sh "$work/handout" | cut -f1)); the limit is $limit"
[ "$bytes" -lt "$limit" ] || fail "the handout is $bytes bytes, over $limit"

git_quiet() { git -c user.name=Instructor -c user.email=instructor@example.com -c init.defaultBranch=main "$@"; }
git_quiet -C "$work/handout" init -q
git_quiet -C "$work/handout" add -A
git_quiet -C "$work/handout" commit -q -m "Handout"
git_quiet init -q --bare "$work/remote.git"
git_quiet -C "$work/handout" push -q "$work/remote.git" HEAD:main
git_quiet clone -q "$work/remote.git" "$work/clone"
[ -f "$work/clone/handout.json" ] || fail "the clone has no handout.json"
[ -x "$work/clone/ReferenceBinaries/01-defaults/01-car-settings/App" ] || fail "the clone's reference binary is not executable"

# A student's grader: the one built here, whose runtime lies beside it, on the clone.
cd "$work/clone"
for exercise in 01-defaults/01-car-settings 06-object-graph/01-people-and-cars; do
    status=0
    "$grader" check "$exercise" > "$work/starter.txt" 2>&1 || status=$?
    [ "$status" -eq 1 ] || { cat "$work/starter.txt"; fail "$exercise: the starter should fail (exit 1), got $status"; }
    for file in "$root/Exercises/$exercise/Reference/"*.swift; do cp "$file" "Exercises/$exercise/"; done
    status=0
    "$grader" check "$exercise" > "$work/reference.txt" 2>&1 || status=$?
    [ "$status" -eq 0 ] || { cat "$work/reference.txt"; fail "$exercise: the reference's code should pass from the clone, got $status"; }
    echo "$exercise: the starter fails and the reference's code passes, graded from a clone of the handout"
done
