#!/usr/bin/env bash
# Runs an array benchmark script (scripts/bench/arrays.py unless named)
# under python3 + numpy and under the release xpush, one after the other on
# this machine, and prints numpy_time / xpush_time per workload (above 1:
# xpush is faster).
#
#   scripts/bench/run_arrays.sh              # arrays.py: elementwise, reductions, copies
#   scripts/bench/run_arrays.sh sort.py      # sort, argsort, partition, unique on 1M
#   scripts/bench/run_arrays.sh linalg.py    # matmul, solve, inv, lstsq, eigh, svd
#   scripts/bench/run_arrays.sh fft.py       # numpy.fft: complex, real, Bluestein lengths, 2-d
#   XPUSH=path/to/xpush scripts/bench/run_arrays.sh
#
# OPENBLAS_CORETYPE / OPENBLAS_L2_SIZE may be set on this machine for old
# OpenBLAS builds; they slow a current numpy, so they are unset for the
# numpy run only.
set -euo pipefail
cd "$(dirname "$0")/../.."

PYTHON=${PYTHON:-python3}
XPUSH=${XPUSH:-target/release/xpush}
if [[ ! -x "$XPUSH" ]]; then
    cargo build --release -p xpush >&2
fi

SCRIPT=scripts/bench/${1:-arrays.py}
numpy_out=$(env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE "$PYTHON" "$SCRIPT")
xpush_out=$("$XPUSH" "$SCRIPT")

printf '%-16s %12s %12s %12s\n' workload "numpy (s)" "xpush (s)" numpy/xpush
join <(sort <<<"$numpy_out") <(sort <<<"$xpush_out") | while read -r name np_t xp_t; do
    ratio=$(awk -v n="$np_t" -v x="$xp_t" 'BEGIN { printf "%.2fx", n / x }')
    printf '%-16s %12.5f %12.5f %12s\n' "$name" "$np_t" "$xp_t" "$ratio"
done
