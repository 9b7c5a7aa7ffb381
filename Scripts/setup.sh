#!/usr/bin/env bash
# Installs what the grader needs beyond the Swift toolchain, then builds the package.
#   bubblewrap      the namespace sandbox every exercise runs in
#   libsqlite3-dev  SQLite's C API, for the SQLite lessons and ObjectGraph
#   util-linux      prlimit, which applies memory, CPU and file-size limits
#   patch           applies the mutants (Mutants/*.patch) that grader verify checks
#   procps          pgrep, with which the tests prove that no process outlives its launch
#   gzip            inflates students' .tar.gz submissions (grader batch)
# Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

needed=()
command -v bwrap >/dev/null 2>&1 || needed+=(bubblewrap)
command -v prlimit >/dev/null 2>&1 || needed+=(util-linux)
command -v patch >/dev/null 2>&1 || needed+=(patch)
command -v pgrep >/dev/null 2>&1 || needed+=(procps)
command -v gzip >/dev/null 2>&1 || needed+=(gzip)
[ -e /usr/include/sqlite3.h ] || needed+=(libsqlite3-dev)

if [ ${#needed[@]} -gt 0 ]; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "setup: please install ${needed[*]} with your system's package manager." >&2
    exit 1
  fi
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "setup: please install ${needed[*]} as root (apt-get install ${needed[*]})." >&2; exit 1; }
    sudo="sudo"
  fi
  echo "setup: installing ${needed[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${needed[@]}" >/dev/null
fi

# xmllint, with which the tests validate the batch's junit.xml (the browser the summary's test
# needs is heavier: Scripts/install-format-checkers.sh installs it when run without an argument).
Scripts/install-format-checkers.sh --xmllint-only

command -v swift >/dev/null 2>&1 || { echo "setup: the Swift toolchain is not on PATH (swift.org/install)." >&2; exit 1; }

# Builds the grader and the ExerciseKit runtime that exercise binaries link against; not the
# `mutate` tool, whose swift-syntax only course authors need (`swift build --product mutate`).
swift build --product grader
# Checks the sandbox and fills the compiler's module cache, so that the first check does not pay for it.
swift run grader prepare
echo "setup: done. Next: swift run grader check"
