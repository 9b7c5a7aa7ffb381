#!/bin/bash
# Usage: Benchmarks/mutant-schema.sh [RUNS] [EXERCISE…]
# `grader verify EXERCISES --mutants` from cold (a fresh copy of the committed course: no build
# cache but the compiler's module cache), with each exercise's hand-written mutants and sample of
# generated mutants built as mutant schemas, and with each mutant built alone
# (`--mutants-one-by-one`), interleaved A B A B; wall time and the machine's busy processor time
# (cpu-busy.sh) of each run, the checks passed (references, starters, hand-written mutants) and
# the scores of both, which must be the same. Run on a quiet machine after `swift build --product
# grader --product mutate`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-2}"
shift || true
exercises=("$@")
if [ ${#exercises[@]} -eq 0 ]; then
    exercises=(settings-bundle settings-reader contacts-repository delete-rules)
fi
grader="$root/.build/debug/grader"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for run in $(seq "$runs"); do
    for mode in schema one-by-one; do
        course="$scratch/$mode-$run"
        mkdir -p "$course"
        git -C "$root" archive HEAD | tar -x -C "$course"
        flags=(--mutants)
        [ "$mode" = one-by-one ] && flags+=(--mutants-one-by-one)
        printf '%-10s run %d: ' "$mode" "$run"
        "$root/Benchmarks/cpu-busy.sh" bash -c '"$@" --format json > "$0" 2> /dev/null || true' \
            "$scratch/report.json" "$grader" verify --course "$course" "${exercises[@]}" "${flags[@]}"
        python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print("    %d of %d checks passed;" % (sum(c["passed"] for c in r["checks"]), len(r["checks"])), "; ".join("%s %d/%d caught, %d not compiled, %d in the schema" % (m["exercise"].split("/")[1], m["caught"], m["caught"]+len(m["survivors"]), m["not_compiled"], m.get("built_in_schema", 0)) for m in r.get("mutation", [])))' "$scratch/report.json"
        rm -rf "$course"
    done
done
