#!/usr/bin/env bash
# Installs the real consumers that the tests of the batch's output formats check them with
# (Docs/batch-formats.md):
#   libxml2-utils  xmllint, which validates junit.xml against Tests/Fixtures/junit/junit.xsd
#   chromium       a headless browser, which renders summary.html and the HTML feedback
# Only instructors and CI need them; Scripts/setup.sh installs xmllint (small) itself and
# .ci/run calls this script for the browser. Safe to run again: it installs only what is missing.
set -euo pipefail

needed=()
command -v xmllint >/dev/null 2>&1 || needed+=(libxml2-utils)
if [ "${1:-}" != "--xmllint-only" ]; then
  command -v chromium >/dev/null 2>&1 || needed+=(chromium)
fi
[ ${#needed[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-format-checkers: please install ${needed[*]} with your system's package manager." >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "install-format-checkers: please install ${needed[*]} as root (apt-get install ${needed[*]})." >&2; exit 1; }
  sudo="sudo"
fi
echo "install-format-checkers: installing ${needed[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${needed[@]}" >/dev/null
