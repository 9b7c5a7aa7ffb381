#!/bin/bash
# Usage: Benchmarks/cpu-busy.sh COMMAND [ARGUMENTS…]
# Runs COMMAND (its standard output discarded) and prints its wall time and the processor time
# the whole machine was busy meanwhile, in seconds, from /proc/stat: what a command and every
# process it starts cost, sandboxed launches and kernel work included, which `time` misses for
# processes it does not reap itself. Run it on an otherwise quiet machine.
set -euo pipefail
ticks=$(getconf CLK_TCK)
read -r _ u n s i w q sq _ < /proc/stat
t0=$(date +%s.%N)
"$@" > /dev/null
t1=$(date +%s.%N)
read -r _ u2 n2 s2 i2 w2 q2 sq2 _ < /proc/stat
busy=$(( u2 + n2 + s2 + q2 + sq2 - u - n - s - q - sq ))
idle=$(( i2 + w2 - i - w ))
awk -v t0="$t0" -v t1="$t1" -v b="$busy" -v i="$idle" -v hz="$ticks" \
    'BEGIN { printf "wall %.2f s, busy %.2f processor-s, idle %.2f processor-s\n", t1 - t0, b / hz, i / hz }'
