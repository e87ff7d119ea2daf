#!/usr/bin/env bash
# Compares two xpush binaries on the cpu benchmarks, interleaved on this
# machine: each round runs arrays.py and the four language benchmarks
# under OLD, then under NEW, so that drift in the machine's speed hits both
# alike. Prints, per workload, the median and min–max over the rounds of
# each binary and new/old of the medians (above 1: NEW is slower).
#
#   scripts/bench/ab.sh OLD_XPUSH NEW_XPUSH [ROUNDS]    # ROUNDS defaults to 11
#
# Build the two binaries with `cargo build --release -p xpush` in two
# worktrees (`git worktree add`), with a target directory each. Nothing
# else should run on the machine meanwhile.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [[ $# -lt 2 ]]; then
    echo "usage: $0 OLD_XPUSH NEW_XPUSH [ROUNDS]" >&2
    exit 2
fi
OLD=$1
NEW=$2
ROUNDS=${3:-11}
for bin in "$OLD" "$NEW"; do
    if [[ ! -x "$bin" ]]; then
        echo "error: $bin is not an executable" >&2
        exit 2
    fi
done

out=$(mktemp)
trap 'rm -f "$out"' EXIT

# run LABEL BINARY: one round of every benchmark, as "LABEL NAME SECONDS" lines.
run() {
    local label=$1 bin=$2 name
    "$bin" scripts/bench/arrays.py | awk -v l="$label" '{ print l, $1, $2 }'
    for name in fib loop_sum listcomp array_builtins; do
        "$bin" "scripts/bench/$name.py" |
            awk -v l="$label" -v n="$name" '$1 == "elapsed" { print l, n, $2 }'
    done
}

for ((r = 1; r <= ROUNDS; r++)); do
    echo "round $r of $ROUNDS" >&2
    run old "$OLD" >>"$out"
    run new "$NEW" >>"$out"
done

python3 - "$out" <<'EOF'
import statistics
import sys

times = {}
order = []
for line in open(sys.argv[1]):
    label, name, secs = line.split()
    if name not in order:
        order.append(name)
    times.setdefault((label, name), []).append(float(secs))

print("| workload | old median (s) | old min–max | new median (s) | new min–max | new/old |")
print("|---|---|---|---|---|---|")
for name in order:
    o, n = times[("old", name)], times[("new", name)]
    mo, mn = statistics.median(o), statistics.median(n)
    print(f"| {name} | {mo:.5f} | {min(o):.5f}–{max(o):.5f} | {mn:.5f} | "
          f"{min(n):.5f}–{max(n):.5f} | {mn / mo:.2f} |")
EOF
