#!/usr/bin/env bash
# Proves `grader batch --shard` and `grader merge` on a real scheduler: starts a one-node Slurm
# cluster (Scripts/slurm-one-node.sh, as root), grades a small class of the fixture course once
# unsharded, then as a Slurm array job of 4 shards (`sbatch --array=0-3 --wait`), merges the
# shards, and compares the merged folder with the unsharded one file by file. Only the fields
# Docs/batch.md lists as measured per run are blanked first (timings, `cached`, timestamps);
# journal.sqlite is checked by running the batch again on the merged folder: nobody is regraded.
# Run from anywhere after Scripts/setup.sh; .ci/run runs it after the tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
started=$SECONDS

echo "== slurm: one-node cluster"
Scripts/slurm-one-node.sh
setup_seconds=$((SECONDS - started))

swift build --product grader >/dev/null
# `grader batch` runs grader-instructor; built here so that the array's four tasks do not all build it.
swift build --product grader-instructor >/dev/null
grader="$(swift build --show-bin-path)/grader"

work=$(mktemp -d /tmp/sharded-batch.XXXXXX)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"

# The class: the fixture course's own submissions, one student per outcome and form.
cp -r Tests/Fixtures/course "$work/course"
subs=Tests/Fixtures/submissions
class="$work/class"
student() { mkdir -p "$class/$1/01-counter"; cp "$subs/$2.swift" "$class/$1/01-counter/Solution.swift"; }
student ana passes
student ben wrong-value
student fay passes                   # the same files as ana: a duplicate across shards
student dan infinite-loop            # stopped at the course's 3 s limit
student jo throws
mkdir -p "$work/carla/00-fixtures/01-counter"
cp "$subs/compile-error.swift" "$work/carla/00-fixtures/01-counter/Solution.swift"
tar czf "$class/carla.tar.gz" -C "$work/carla" .
mkdir -p "$class/gus" && cp -r "$work/course/Exercises" "$class/gus/"   # untouched starters
mkdir -p "$work/moodle/Ina Sol_12345_assignsubmission_file_/01-counter"
cp "$subs/memory-only.swift" "$work/moodle/Ina Sol_12345_assignsubmission_file_/01-counter/Solution.swift"
printf 'id,name\n12345,Ina Sol\nana,Ana Ruiz\n99999,Kim Absent\n' > "$work/roster.csv"
mapfile -t submissions < <(ls -d "$class"/* | sort)
submissions+=("$work/moodle")

echo "== unsharded batch"
batch_started=$SECONDS
(cd "$work/course" && "$grader" batch "${submissions[@]}" --roster "$work/roster.csv" --out "$work/one")
unsharded_seconds=$((SECONDS - batch_started))

echo "== sharded batch: sbatch --array=0-3"
# Odd tasks name the submissions in reverse: a shard's slice must not depend on their order.
cat > "$work/shard.sh" <<SCRIPT
#!/usr/bin/env bash
set -euo pipefail
submissions=( $(printf '%q ' "${submissions[@]}") )
if [ \$((SLURM_ARRAY_TASK_ID % 2)) -eq 1 ]; then
  for ((i = \${#submissions[@]} - 1; i >= 0; i--)); do reversed+=("\${submissions[i]}"); done
  submissions=("\${reversed[@]}")
fi
exec "$grader" batch "\${submissions[@]}" --roster "$work/roster.csv" --out "$work/sharded" --shard "\$SLURM_ARRAY_TASK_ID/4"
SCRIPT
chmod +x "$work/shard.sh"
sharded_started=$SECONDS
sbatch --wait --array=0-3 --job-name=grader-shards --chdir="$work/course" \
  --output="$work/slurm-%A_%a.out" "$work/shard.sh"
ls "$work"/slurm-*_{0,1,2,3}.out >/dev/null   # each array task ran and logged
# Merged into the folder that holds the shards, as Docs/batch.md shows.
"$grader" merge --course "$work/course" "$work"/sharded/shard-*-of-4 --out "$work/sharded"
sharded_seconds=$((SECONDS - sharded_started))

echo "== merged output against the unsharded output"
# Blanks what Docs/batch.md lists as measured per run; everything else must be equal.
normalized() {
  rm -rf "$2" && cp -r "$1" "$2" && rm "$2/journal.sqlite"
  find "$2" -type f \( -name '*.json' -o -name '*.xml' \) -exec sed -i -E \
    -e 's/"(generated_at|graded_at|duration|execution_time|cached|processor_wait)" : [^,]*(,?)$/"\1" : "(per run)"\2/' \
    -e 's/ (timestamp|time)="[^"]*"/ \1="(per run)"/g' \
    -e '/"overload_retry" : /d' {} +
}
normalized "$work/one" "$work/one.normalized"
normalized "$work/sharded" "$work/merged.normalized"
diff -r -x 'shard-*-of-4' "$work/one.normalized" "$work/merged.normalized"
# The merged journal holds every student: a batch run on the merged folder grades nobody again.
again=$(cd "$work/course" && "$grader" batch "${submissions[@]}" --roster "$work/roster.csv" --out "$work/sharded" 2>&1)
grep -q "grading 0 of 8 students (8 already graded in the journal)" <<<"$again" \
  || { echo "sharded-batch: the merged journal does not hold every student:" >&2; echo "$again" >&2; exit 1; }
count=$(grep -c '"submission_hash"' "$work/sharded/report.json")
[ "$count" -eq 8 ] || { echo "sharded-batch: expected 8 students in the merged report, found $count" >&2; exit 1; }

echo "sharded-batch: the merged output of 4 Slurm shards equals the unsharded batch (8 students)."
echo "sharded-batch: timings: cluster set-up ${setup_seconds} s, unsharded batch ${unsharded_seconds} s, array job and merge ${sharded_seconds} s, whole test $((SECONDS - started)) s"
