#!/bin/sh
# Startup time of `xpush -c "1"` beside `python3 -c "import numpy"`.
# Usage: scripts/bench/startup.sh [path/to/xpush]   (default: target/release/xpush)
# Uses hyperfine when installed, else a timed loop of N runs (N=${N:-20}).
set -eu
cd "$(dirname "$0")/../.."
XPUSH=${1:-${CARGO_TARGET_DIR:-target}/release/xpush}
N=${N:-20}
if [ ! -x "$XPUSH" ]; then
    cargo build --release -p xpush
fi
if command -v hyperfine >/dev/null 2>&1; then
    hyperfine -N --warmup 3 --runs "$N" "$XPUSH -c 1" "python3 -c 'import numpy'"
    exit 0
fi
# Mean seconds per run of a command, over N runs (after one warm-up).
mean() {
    "$@" >/dev/null 2>&1
    start=$(date +%s%N)
    i=0
    while [ "$i" -lt "$N" ]; do
        "$@" >/dev/null 2>&1
        i=$((i + 1))
    done
    end=$(date +%s%N)
    echo "$(( (end - start) / N ))"
}
x=$(mean "$XPUSH" -c 1)
p=$(mean python3 -c "import numpy")
awk -v x="$x" -v p="$p" -v n="$N" 'BEGIN {
    printf "xpush -c \"1\":              %8.2f ms (mean of %d)\n", x / 1e6, n
    printf "python3 -c \"import numpy\": %8.2f ms (mean of %d)\n", p / 1e6, n
    printf "ratio python/xpush:        %8.1fx\n", p / x
}'
