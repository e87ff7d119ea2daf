#!/usr/bin/env bash
# Times the language benchmarks (scripts/bench/*.py) under python3 and xpush.
#
#   scripts/bench/run_lang.sh            # fib, loop_sum, listcomp, array_builtins; 5 runs each
#   RUNS=3 scripts/bench/run_lang.sh fib # only fib.py, 3 runs
#   XPUSH=path/to/xpush scripts/bench/run_lang.sh
#
# Each script measures itself with time.perf_counter() and prints
# `elapsed SECONDS` last, so interpreter start-up is not counted. The best
# (smallest) of RUNS runs is kept for each interpreter. The table's ratio is
# python_time / xpush_time: above 1 means xpush is faster. A benchmark whose
# result line differs between the two interpreters is flagged.
set -euo pipefail
cd "$(dirname "$0")/../.."

RUNS=${RUNS:-5}
PYTHON=${PYTHON:-python3}
XPUSH=${XPUSH:-target/release/xpush}

if [[ ! -x "$XPUSH" ]]; then
    if [[ "$XPUSH" == target/release/xpush ]]; then
        echo "building $XPUSH ..." >&2
        cargo build --release -p xpush >&2
    else
        echo "error: $XPUSH is not an executable" >&2
        exit 2
    fi
fi

if [[ $# -gt 0 ]]; then
    benches=()
    for name in "$@"; do benches+=("scripts/bench/${name%.py}.py"); done
else
    # The language benchmarks; arrays.py has its own runner, run_arrays.sh.
    benches=(scripts/bench/fib.py scripts/bench/loop_sum.py scripts/bench/listcomp.py
        scripts/bench/array_builtins.py)
fi

# best_of CMD...: runs the command RUNS times; prints "BEST_SECONDS RESULT_LINE"
# or "failed FIRST_ERROR_LINE".
best_of() {
    local best="" result="" out elapsed i
    for ((i = 0; i < RUNS; i++)); do
        if ! out=$("$@" 2>&1); then
            echo "failed $(printf '%s\n' "$out" | tail -n 1)"
            return
        fi
        elapsed=$(printf '%s\n' "$out" | awk '$1 == "elapsed" { print $2 }' | tail -n 1)
        if [[ -z "$elapsed" ]]; then
            echo "failed no 'elapsed' line"
            return
        fi
        result=$(printf '%s\n' "$out" | grep -v '^elapsed ' | tail -n 1)
        if [[ -z "$best" ]] || awk -v a="$elapsed" -v b="$best" 'BEGIN { exit !(a < b) }'; then
            best=$elapsed
        fi
    done
    echo "$best $result"
}

printf '%-12s %12s %12s %14s  %s\n' benchmark "python3 (s)" "xpush (s)" "python/xpush" note
for bench in "${benches[@]}"; do
    name=$(basename "$bench" .py)
    py=$(best_of "$PYTHON" "$bench")
    xp=$(best_of "$XPUSH" "$bench")
    py_t=${py%% *}; py_r=${py#* }
    xp_t=${xp%% *}; xp_r=${xp#* }
    note=""
    if [[ "$py_t" == failed || "$xp_t" == failed ]]; then
        ratio="-"
        [[ "$py_t" == failed ]] && note="python3: $py_r"
        [[ "$xp_t" == failed ]] && note="${note:+$note; }xpush: $xp_r"
        [[ "$py_t" != failed ]] && py_t=$(awk -v t="$py_t" 'BEGIN { printf "%.4f", t }')
        [[ "$xp_t" != failed ]] && xp_t=$(awk -v t="$xp_t" 'BEGIN { printf "%.4f", t }')
    else
        ratio=$(awk -v p="$py_t" -v x="$xp_t" 'BEGIN { if (x > 0) printf "%.2fx", p / x; else print "inf" }')
        py_t=$(awk -v t="$py_t" 'BEGIN { printf "%.4f", t }')
        xp_t=$(awk -v t="$xp_t" 'BEGIN { printf "%.4f", t }')
        [[ "$py_r" != "$xp_r" ]] && note="RESULT DIFFERS: python3 '$py_r', xpush '$xp_r'"
    fi
    printf '%-12s %12s %12s %14s  %s\n' "$name" "$py_t" "$xp_t" "$ratio" "$note"
done
