#!/usr/bin/env bash
# An Exercism-style runner for a class: what exercism/swift-test-runner does for one solution
# (a package whose .build was built once, the solution copied in, `swift test`, the output
# parsed into results.json), for every student × exercise. Benchmarks/class.sh times it beside
# `grader batch`; Benchmarks/README.md (class.sh) says what it checks less than the grader.
#
#   exercism-runner.sh prepare COURSE PACKAGES [--lessons L1,L2] [--exercises a,b] [--sources DIR]
#       generates one package per exercise into PACKAGES (exercism_packages.py), resolves and
#       builds each with its reference in, puts the app's resources where Bundle.main finds
#       them, runs the reference twice to record the values the grader would compare with the
#       reference's, and runs it again until it passes every test (a step the reference fails
#       in one process is left unchecked and counted in PACKAGES/coverage.json)
#   exercism-runner.sh grade PACKAGES OUT JOBS STUDENT_DIR...
#       for each student (JOBS students at once), for each package: a fresh copy of the prebuilt
#       package, the student's Exercises/LESSON/EXERCISE/Solution.swift in it (the starter when
#       missing), `swift test`, OUT/STUDENT/LESSON--EXERCISE.json; OUT/STUDENT/timing.json.
#       The copies go to EXERCISM_SLOTS (default /dev/shm): a copy costs what Docker's
#       copy-on-write layer costs, next to nothing (on this disk, 0.4-1.6 s per package)
#
# Every `swift test` runs as Exercism's Docker container runs it: the package always at the same
# path (/mnt/package, so the prebuilt .build is reused), a fresh home (at the grader's app
# container path) and /tmp, no network, its own PID namespace (bubblewrap), and a time limit
# (EXERCISM_TIMEOUT, default 300 s).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
timeout_seconds=${EXERCISM_TIMEOUT:-300}

# The home of the tests: the grader's container path (exercises print it, and cases expect it).
app_home=/var/mobile/Containers/Data/Application/App

# sandbox PACKAGE COMMAND...: COMMAND in PACKAGE mounted at /mnt/package, as described above,
# with the home (a tmpfs) at the app container's path: EXERCISM_PASSWD is the machine's
# /etc/passwd with root's home there (write_passwd), since Foundation takes the home from it.
sandbox() {
  local package=$1
  shift
  bwrap --bind / / --dev /dev --proc /proc --tmpfs /root --tmpfs /tmp --tmpfs /mnt --tmpfs /var \
    --dir "$app_home" --ro-bind "$EXERCISM_PASSWD" /etc/passwd \
    --bind "$package" /mnt/package --chdir /mnt/package --unshare-pid --unshare-net --die-with-parent \
    --setenv HOME "$app_home" --setenv XDG_CONFIG_HOME "$app_home/Library/Preferences" \
    --setenv XDG_CACHE_HOME "$app_home/Library/Caches" --setenv XDG_DATA_HOME "$app_home/Library/Application Support" \
    "$@"
}

write_passwd() {  # write_passwd FILE
  sed "s|^\(root:[^:]*:[^:]*:[^:]*:[^:]*\):[^:]*:|\1:$app_home:|" /etc/passwd >"$1"
}

# The tests of a run that did not pass, from what swift test printed.
failing_tests() { grep -oE "Test Case '[^']*' failed" "$1" | sed "s/Test Case '//; s/' failed//" || true; }

prepare() {
  local course packages
  course=$(cd "$1" && pwd)
  packages=$2
  shift 2
  python3 "$here/exercism_packages.py" generate "$course" "$packages" "$@"
  packages=$(cd "$packages" && pwd)
  export EXERCISM_PASSWD="$packages/passwd"
  write_passwd "$EXERCISM_PASSWD"
  for package in "$packages"/*--*/; do
    package=${package%/}
    local name lesson folder
    name=$(basename "$package")
    lesson=${name%%--*}
    folder=${name#*--}
    echo "   $name" >&2
    mv "$package/Sources/App/Solution.swift" "$package/starter.swift"   # outside the targets
    cp "$course/Exercises/$lesson/$folder/Reference/Solution.swift" "$package/Sources/App/Solution.swift"
    if grep -q '\.package(url' "$package/Package.swift"; then
      # Resolution reads the machine's package copies, which the sandbox's fresh home hides.
      bwrap --bind / / --dev /dev --proc /proc --tmpfs /mnt --bind "$package" /mnt/package --chdir /mnt/package \
        swift package resolve >"$package/prepare.log" 2>&1 || { cat "$package/prepare.log" >&2; exit 1; }
    fi
    sandbox "$package" swift build --build-tests >>"$package/prepare.log" 2>&1 || { tail -30 "$package/prepare.log" >&2; exit 1; }
    # Bundle.main of the test process is the build folder (Bundle.main.resourcePath).
    cp -r "$package/bundle/." "$package/.build/debug/"
    for run in 1 2; do
      sandbox "$package" --setenv HARNESS_RECORD "/mnt/package/record-$run.json" \
        swift test --skip-update >"$package/record-$run.log" 2>&1 || true
      [ -s "$package/record-$run.json" ] || echo '{}' >"$package/record-$run.json"
    done
    python3 "$here/exercism_packages.py" merge "$package" "$package/record-1.json" "$package/record-2.json"
    # The reference must pass: a step it fails in one process (a test stops at its first) is
    # left unchecked, and the tests run again, until they pass.
    local tries=0
    until sandbox "$package" swift test --skip-update >"$package/verify.log" 2>&1; do
      tries=$((tries + 1))
      local unchecked
      unchecked=$(python3 "$here/exercism_packages.py" uncheck "$package" "$package/verify.log")
      echo "   the reference fails $(failing_tests "$package/verify.log" | tr '\n' ' ')in one process: $unchecked step(s) left unchecked" >&2
      if [ "$unchecked" = 0 ] || [ "$tries" -ge 10 ]; then
        echo "exercism-runner.sh: the reference does not pass $name's tests (see $package/verify.log)" >&2
        exit 1
      fi
    done
    rm -f "$package"/record-*.json "$package/results-swift-testing.xml"
  done
}

# grade_student PACKAGES OUT STUDENT_DIR: every package for one student, one after the other.
grade_student() {
  local packages=$1 out=$2 student=${3%/}
  local id start
  id=$(basename "$student")
  mkdir -p "$out/$id"
  local slot="$slots/$id"
  start=$(date +%s.%N)
  for pristine in "$packages"/*--*/; do
    pristine=${pristine%/}
    local name lesson folder file t0 t1 t2 status
    name=$(basename "$pristine")
    lesson=${name%%--*}
    folder=${name#*--}
    file="$student/Exercises/$lesson/$folder/Solution.swift"
    [ -f "$file" ] || file="$pristine/starter.swift"
    t0=$(date +%s.%N)
    rm -rf "$slot"
    mkdir -p "$(dirname "$slot")"
    cp -a "$pristine" "$slot"
    cp "$file" "$slot/Sources/App/Solution.swift"
    t1=$(date +%s.%N)
    status=0
    timeout --kill-after=5 "$timeout_seconds" bash -c "$(declare -f sandbox); sandbox \"\$0\" swift test --skip-update" \
      "$slot" >"$out/$id/$name.log" 2>&1 || status=$?
    t2=$(date +%s.%N)
    python3 "$here/exercism_results.py" "$out/$id/$name.log" "$status" "$slot" \
      "$(awk "BEGIN { print $t2 - $t0 }")" "$(awk "BEGIN { print $t1 - $t0 }")" >"$out/$id/$name.json"
    rm -rf "$slot"
  done
  printf '{"start": %s, "end": %s}\n' "$start" "$(date +%s.%N)" >"$out/$id/timing.json"
  echo "   exercism: $id done" >&2
}

case "${1:-}" in
  prepare)
    shift
    prepare "$@"
    ;;
  grade)
    packages=$(cd "$2" && pwd)
    mkdir -p "$3"
    out=$(cd "$3" && pwd)
    jobs=$4
    shift 4
    # Each run's copy of a package, on tmpfs: as cheap as a Docker container's copy-on-write layer.
    slots=$(mktemp -d "${EXERCISM_SLOTS:-/dev/shm}/exercism-slots.XXXXXX")
    trap 'rm -rf "$slots"' EXIT
    export EXERCISM_PASSWD="$slots/passwd"
    write_passwd "$EXERCISM_PASSWD"
    export here timeout_seconds slots app_home
    export -f sandbox grade_student
    printf '%s\0' "$@" | xargs -0 -P "$jobs" -I{} bash -c 'grade_student "$0" "$1" "$2"' "$packages" "$out" {}
    ;;
  *)
    sed -n '2,20p' "$0" >&2
    exit 2
    ;;
esac
