#!/usr/bin/env bash
# Usage: Benchmarks/relaunch.sh [RELAUNCHES] [ROUNDS]
# What one relaunch costs through the whole grader, forked (`--launch fork`, the default) against
# exec'd (`--launch exec`): the fixture course's counter with one case of RELAUNCHES (default
# 100) cycles of a call and a relaunch, and one case of a single call, each graded with
# `grader check counter --no-cache` (builds kept, every case run again), ROUNDS times (default
# 7), the two ways interleaved (fork, exec, fork, exec…). A relaunch costs the difference
# between the two checks divided by RELAUNCHES: the machine's busy processor time (/proc/stat)
# and the wall time. Prints each round, then medians and quartiles. Run on a quiet machine.
# GRADER=path times another grader binary (one built elsewhere, or copied beside the build's so
# that it finds the runtime), for comparing two versions.
set -euo pipefail
cd "$(dirname "$0")/.."
relaunches="${1:-100}"
rounds="${2:-7}"
if [ -z "${GRADER:-}" ]; then swift build --product grader >/dev/null; fi
grader="${GRADER:-$(swift build --show-bin-path)/grader}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
make_course() { # FOLDER CYCLES
    cp -r Tests/Fixtures/course "$1"
    rm -rf "$1/.grader"
    local exercise="$1/Exercises/00-fixtures/01-counter"
    cp "$exercise/Reference/Solution.swift" "$exercise/Solution.swift"
    {
        printf 'format: 1\ntitle: Counter\nsummary: One case of relaunches.\ncases:\n  - name: relaunches\n    steps:\n'
        for _ in $(seq "$2"); do printf '      - call: increment\n        args: {by: 1}\n      - relaunch\n'; done
        printf '      - call: value\n'
    } > "$exercise/exercise.yml"
}
make_course "$work/many" "$relaunches"
make_course "$work/one" 0
busy() { awk '/^cpu /{ print $2 + $3 + $4 + $7 + $8 }' /proc/stat; }
hz=$(getconf CLK_TCK)
check() { # COURSE MODE -> "busy_ms wall_ms"
    local b0 t0 b1 t1
    b0=$(busy); t0=$(date +%s%N)
    (cd "$1" && "$grader" check counter --no-cache --launch "$2" >/dev/null 2>&1) || { echo "check failed in $1 ($2)" >&2; exit 1; }
    b1=$(busy); t1=$(date +%s%N)
    echo "$(( (b1 - b0) * 1000 / hz )) $(( (t1 - t0) / 1000000 ))"
}
for mode in fork exec; do check "$work/many" "$mode" >/dev/null; check "$work/one" "$mode" >/dev/null; done
results="$work/results"
for round in $(seq "$rounds"); do
    for mode in ${MODES:-fork exec}; do
        read -r mb mw < <(check "$work/many" "$mode")
        read -r ob ow < <(check "$work/one" "$mode")
        awk -v m="$mode" -v r="$round" -v mb="$mb" -v mw="$mw" -v ob="$ob" -v ow="$ow" -v n="$relaunches" \
            'BEGIN { printf "round %d %-4s  per relaunch: busy %6.2f ms  wall %6.2f ms\n", r, m, (mb - ob) / n, (mw - ow) / n }' | tee -a "$results"
    done
done
python3 - "$results" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
for mode in sorted({r[2] for r in rows}, reverse=True):
    for column, label in ((6, "busy"), (9, "wall")):
        values = sorted(float(r[column]) for r in rows if r[2] == mode)
        q = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
        print(f"{mode} {label}: median {statistics.median(values):.2f} ms, quartiles {q[0]:.2f}–{q[2]:.2f} ms ({len(values)} rounds)")
PY
