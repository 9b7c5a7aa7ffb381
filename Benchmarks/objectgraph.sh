#!/usr/bin/env bash
# ObjectGraph against the raw SQLite C API: insert N objects in one save, fetch with a
# predicate and a sort, count. Prints medians and ratios (see Benchmarks/README.md).
#   Benchmarks/objectgraph.sh [objects=100000] [runs=3]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product objectgraph-benchmark >/dev/null
.build/release/objectgraph-benchmark "${1:-100000}" "${2:-3}"
