#!/usr/bin/env bash
# ObjectGraph's where + sort fetch and its one-save insert beside the raw SQLite C API and
# GRDB 7.10 records (Codable and hand-written), interleaved in one run; prints a Markdown table
# (see Benchmarks/README.md). Builds Benchmarks/FetchComparison, a package of its own so that
# GRDB stays out of the course package, in release mode (the first build takes minutes).
#   Benchmarks/fetch-comparison.sh [objects=100000] [rounds=15]
set -euo pipefail
cd "$(dirname "$0")/FetchComparison"
swift build -c release --product fetch-comparison >/dev/null
SWIFT_VERSION_LINE="$(swift --version 2>&1 | head -n 1)" \
  .build/release/fetch-comparison "${1:-100000}" "${2:-15}"
