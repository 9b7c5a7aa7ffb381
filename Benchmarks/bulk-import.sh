#!/usr/bin/env bash
# Times the bulk import of exercise 05-sqlite/03-bulk-import with and without a transaction:
#   1. the reference (Reference/Solution.swift): one prepared statement, one transaction
#   2. the same file patched with Mutants/no-transaction.patch: every INSERT commits on its own
# Each is built with plain `swiftc -O` together with a small timing program and imports N
# products into a fresh database in a folder on disk (RUNS times), and the medians are printed.
# The database lands in the program's Documents folder: CFFIXED_USER_HOME points Foundation's
# home (and so `.documentDirectory`) at a temporary folder, so the real home is never touched.
# Usage: [N=5000] [RUNS=3] [DIR=folder on disk, default .grader/] Benchmarks/bulk-import.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
n=${N:-5000}
runs=${RUNS:-3}
exercise=Exercises/05-sqlite/03-bulk-import

mkdir -p "${DIR:-$repo/.grader}"
work=$(mktemp -d -p "${DIR:-$repo/.grader}" bench-bulk-import.XXXXXX)
trap 'rm -rf "$work"' EXIT

# The timing program: N made-up products (built before the clock starts), one import, a check.
cat > "$work/main.swift" <<'SWIFT'
import Foundation

let count = Int(CommandLine.arguments[1])!
let categories = ["tea", "coffee", "cocoa", "biscuits", "jam"]
let products = (0..<count).map { index in
    Product(sku: "SKU-\(index)", name: "Product no. \(index)",
            category: categories[index % categories.count], price: 50 + index % 2_000)
}
let catalog = try Catalog()
let start = DispatchTime.now()
let inserted = try catalog.importProducts(products)
let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
guard inserted == count, try catalog.count() == count else { fatalError("the import lost rows") }
try catalog.close()
print(String(format: "%.4f", seconds))
SWIFT

build() {  # build NAME: $work/NAME/Solution.swift and the timing program into $work/NAME/bench
  swiftc -O -I "$repo/Sources/SQLite3" -module-name Bench -module-cache-path "$work/module-cache" \
    "$work/main.swift" "$work/$1/Solution.swift" -o "$work/$1/bench"
}

mkdir -p "$work/transaction" "$work/autocommit"
cp "$exercise/Reference/Solution.swift" "$work/transaction/"
cp "$exercise/Reference/Solution.swift" "$work/autocommit/"
patch --quiet -p1 -d "$work/autocommit" < "$exercise/Mutants/no-transaction.patch"
build transaction
build autocommit

measure() {  # measure NAME: RUNS timings, each into a fresh database; prints them sorted
  local home="$work/home-$1" times=()
  for _ in $(seq "$runs"); do
    rm -rf "$home" && mkdir -p "$home/Documents"
    times+=("$(CFFIXED_USER_HOME="$home" "$work/$1/bench" "$n")")
    [ -f "$home/Documents/catalog.sqlite" ] || { echo "no database in $home/Documents" >&2; exit 1; }
  done
  printf '%s\n' "${times[@]}" | sort -g | tr '\n' ' '
}
median() { tr ' ' '\n' | grep . | sort -g | awk '{ t[NR] = $1 } END { print (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2 }'; }

echo "== $n products, $runs runs each, database on $(df --output=fstype "$work" | tail -1) in $work"
echo "== $(nproc) cores, SQLite $(sqlite3 --version 2>/dev/null | cut -d' ' -f1 || echo '?'), $(swift --version 2>&1 | head -1)"
transaction=$(measure transaction)
autocommit=$(measure autocommit)
t=$(median <<< "$transaction")
a=$(median <<< "$autocommit")
printf 'one transaction (Reference/Solution.swift)      median %8.4f s   runs: %s\n' "$t" "$transaction"
printf 'autocommit (Mutants/no-transaction.patch)       median %8.4f s   runs: %s\n' "$a" "$autocommit"
awk -v a="$a" -v t="$t" 'BEGIN { printf "autocommit / transaction: %.0f x\n", a / t }'
