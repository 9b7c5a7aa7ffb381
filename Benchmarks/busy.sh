#!/usr/bin/env bash
# Runs a command (its output discarded) and prints its exit status, its wall seconds and the
# machine's busy processor-seconds over the run (from /proc/stat: the grader, its sandboxes and
# apps together, and anything else running, so measure on a quiet machine).
# Usage: Benchmarks/busy.sh COMMAND [ARGUMENT…]
set -uo pipefail
busy() { read -r _ user nice system _ _ irq softirq steal _ < /proc/stat; echo $((user + nice + system + irq + softirq + steal)); }
before=$(busy); started=$(date +%s.%N)
"$@" > /dev/null 2>&1
status=$?
after=$(busy); ended=$(date +%s.%N)
python3 -c "import sys; print(f'status={sys.argv[1]} wall={float(sys.argv[3]) - float(sys.argv[2]):.1f}s busy={(int(sys.argv[5]) - int(sys.argv[4])) / int(sys.argv[6]):.1f}s')" \
  "$status" "$started" "$ended" "$before" "$after" "$(getconf CLK_TCK)"
