#!/usr/bin/env bash
# What the sandbox adds to one launch with issue 17's limits (a cgroup per launch, a sized /tmp,
# a read-only root), next to the binary alone and to the sandbox before them: car-settings'
# reference, started SAMPLES times in each of four ways, interleaved (Benchmarks/launch_overhead.py
# says what each way does). The binary is built by the grader from a copy of the course.
# Needs bubblewrap, prlimit and python3; cgroups for the "now" way (it says so when it has none).
# Usage: [SAMPLES=200] Benchmarks/launch-overhead.sh
set -euo pipefail
cd "$(dirname "$0")/.."
samples=${SAMPLES:-200}
swift build --product grader >/dev/null
grader="$(swift build --show-bin-path)/grader"
course=$(mktemp -d -t overhead-course.XXXXXX)
trap 'rm -rf "$course"' EXIT
cp -r grader.yml Exercises Lessons Resources "$course/"
exercise=$(ls -d "$course"/Exercises/*/*-car-settings)
cp "$exercise"/Reference/*.swift "$exercise/"
(cd "$course" && "$grader" check car-settings >/dev/null)
bundle=$(ls -d "$course"/.grader/builds/*/App.app | head -1)
swiftc=$(command -v swiftc)
libraries=$(realpath "$(dirname "$(dirname "$(realpath "$swiftc")")")/lib/swift/linux")
record="$course/launches.tsv"
echo "$(nproc) cores; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 Benchmarks/launch_overhead.py run "$record" "$samples" "$bundle" "$libraries"
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 Benchmarks/launch_overhead.py report "$record"
