#!/bin/bash
# Usage: Benchmarks/fork-launch.sh [LAUNCHES] [ROUNDS]
# What a launch costs when the sandbox and the loaded binary are made once and each launch is a
# fork (issue 27's design), against an exec in one sandbox, against a new bubblewrap sandbox per
# launch (today's path, without its cgroup shell and prlimit): a small Foundation program
# (ForkLaunch/main.swift), idle and doing a small step's work, rounds interleaved. Prints per
# launch the machine's busy processor time (/proc/stat) and the wall time. Run on a quiet machine.
# For the work step, two more forked rows: the parent has formatted a date with ICU's C interface
# before forking, and the parent has done the whole step once (what warming Foundation would give).
set -euo pipefail
root="$(cd "$(dirname "$0")" && pwd)"
launches="${1:-200}"
rounds="${2:-2}"
bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT
swiftc -Onone "$root/ForkLaunch/main.swift" -o "$bin/app"
sandbox=(bwrap --unshare-all --die-with-parent --ro-bind /usr /usr --symlink usr/lib /lib --symlink usr/lib64 /lib64
         --ro-bind /opt /opt --ro-bind "$bin" /app --proc /proc --dev /dev --tmpfs /tmp --setenv TZ UTC)
busy() { awk '/^cpu /{ print $2 + $3 + $4 + $7 + $8 }' /proc/stat; }
measure() {
    local name="$1"; shift
    local b0 t0 b1 t1
    b0=$(busy); t0=$(date +%s%N)
    "$@"
    b1=$(busy); t1=$(date +%s%N)
    awk -v n="$name" -v b="$((b1 - b0))" -v t="$((t1 - t0))" -v k="$launches" -v hz="$(getconf CLK_TCK)" \
        'BEGIN { printf "%-22s busy %6.2f ms  wall %6.2f ms  per launch\n", n, b * 1000 / hz / k, t / 1e6 / k }'
}
per_launch_sandbox() { for _ in $(seq "$launches"); do "${sandbox[@]}" /app/app "$1"; done; }
for round in $(seq "$rounds"); do
    echo "round $round"
    for step in idle work; do
        measure "fork, $step" "${sandbox[@]}" /app/app serve "$launches" "$step"
        if [ "$step" = work ]; then
            measure "fork, ICU warmed, work" "${sandbox[@]}" /app/app serve-icu "$launches" work
            measure "fork, all warmed, work" "${sandbox[@]}" /app/app serve-warmed "$launches" work
        fi
        measure "exec, $step" "${sandbox[@]}" /app/app spawn "$launches" "$step"
        measure "sandbox each, $step" per_launch_sandbox "$step"
    done
done
