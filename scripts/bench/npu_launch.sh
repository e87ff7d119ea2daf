#!/usr/bin/env bash
# Host cost per op of the npu launch path (issue 23), on acl-sim with its
# modelled costs: 20 µs of phase 1 per call (200 µs on an op's first call,
# as CANN's first GetWorkspaceSize is slower) and 10 µs of device time per
# kernel. A loop of x = x * 1.0001 + 0.5 on 1,000 float32 (two aclnn ops a
# step) is timed on the host while the ops are queued:
#
#   eager, no cache   every call runs phase 1 (XPUSH_NPU_EXEC_CACHE=0)
#   executor cache    repeated calls reuse their executor (the default)
#   graph replay      the loop captured once (:timeit --graph), replayed
#
# and the same two without modelled costs: the FFI path's own cost. NumPy
# on the cpu is shown for scale (it computes; xpush's npu loop only queues).
#
#   scripts/bench/npu_launch.sh              # 10,000 steps, best of 5
#   STEPS=2000 RUNS=3 scripts/bench/npu_launch.sh
#   XPUSH=path/to/xpush scripts/bench/npu_launch.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

RUNS=${RUNS:-5}
STEPS=${STEPS:-10000}
PYTHON=${PYTHON:-python3}
XPUSH=${XPUSH:-target/release/xpush}
PLAN_US=${PLAN_US:-20}
LAUNCH_US=${LAUNCH_US:-10}

if [[ ! -x "$XPUSH" ]]; then
    if [[ "$XPUSH" == target/release/xpush ]]; then
        echo "building $XPUSH ..." >&2
        cargo build --release -p xpush >&2
    else
        echo "error: $XPUSH is not an executable" >&2
        exit 2
    fi
fi

bench=scripts/bench/npu_launch.py

# best CMD...: the smallest host_us_per_op of RUNS runs, and the x[0] line.
best() {
    local b="" line out i v
    for ((i = 0; i < RUNS; i++)); do
        out=$("$@" 2>&1) || { echo "failed: $(printf '%s\n' "$out" | tail -n 1)" >&2; exit 1; }
        v=$(printf '%s\n' "$out" | awk '$1 == "host_us_per_op" { print $2 }')
        line=$(printf '%s\n' "$out" | grep '^x\[0\]')
        if [[ -z "$b" ]] || awk -v a="$v" -v b="$b" 'BEGIN { exit !(a < b) }'; then b=$v; fi
    done
    echo "$b $line"
}

sim() { "$XPUSH" --device npu-sim "$bench" "$STEPS"; }
costs=(env XPUSH_ACL_SIM_PLAN_US="$PLAN_US" XPUSH_ACL_SIM_LAUNCH_US="$LAUNCH_US")

read -r nocache nc_x <<<"$(best "${costs[@]}" XPUSH_NPU_EXEC_CACHE=0 "$XPUSH" --device npu-sim "$bench" "$STEPS")"
read -r cache c_x <<<"$(best "${costs[@]}" "$XPUSH" --device npu-sim "$bench" "$STEPS")"
read -r ffi_nocache _ <<<"$(best env XPUSH_NPU_EXEC_CACHE=0 "$XPUSH" --device npu-sim "$bench" "$STEPS")"
read -r ffi_cache _ <<<"$(best sim)"
read -r numpy np_x <<<"$(best "$PYTHON" "$bench" "$STEPS")"

# The same loop of 1,000 steps captured once and replayed (:timeit
# --graph times host µs per replay; two ops a step).
graph_steps=1000
graph_code="import numpy as np
x = np.ones(1000, dtype=np.float32)
:timeit --graph -n 20 -r $RUNS for _ in range($graph_steps): x = x * 1.0001 + 0.5"
line=$("${costs[@]}" "$XPUSH" --device npu-sim -c "$graph_code" 2>&1 | grep 'per loop') ||
    { echo "graph replay failed" >&2; exit 1; }
# `63.9 µs ± 2.52 µs per loop ...`: the mean in µs, per op.
graph=$(printf '%s\n' "$line" | awk -v ops=$((2 * graph_steps)) '{
    v = $1; u = $2
    f = (u == "ns") ? 0.001 : (u == "ms") ? 1000 : (u == "s") ? 1e6 : 1
    printf "%.3f", v * f / ops }')

cpu=$(awk -F: '/model name/ { sub(/^ +/, "", $2); print $2; exit }' /proc/cpuinfo)
echo "npu launch path, host µs per op ($STEPS steps x 2 ops, best of $RUNS; $cpu)"
echo "acl-sim costs: phase 1 ${PLAN_US} µs, kernel ${LAUNCH_US} µs (device)"
printf '%-34s %10s %12s\n' "" "µs/op" "vs no cache"
printf '%-34s %10.2f %12s\n' "eager, no cache" "$nocache" "1.0x"
printf '%-34s %10.2f %11.1fx\n' "executor cache" "$cache" "$(awk -v a="$nocache" -v b="$cache" 'BEGIN { print a / b }')"
printf '%-34s %10.3f %11.1fx\n' "graph replay (:timeit --graph)" "$graph" "$(awk -v a="$nocache" -v b="$graph" 'BEGIN { print a / b }')"
printf '%-34s %10.2f\n' "FFI path, no modelled costs, no cache" "$ffi_nocache"
printf '%-34s %10.2f\n' "FFI path, no modelled costs, cache" "$ffi_cache"
printf '%-34s %10.2f\n' "NumPy on the cpu (computes)" "$numpy"
echo "results: xpush ${c_x#x\[0\] } (no cache ${nc_x#x\[0\] }), NumPy ${np_x#x\[0\] }"
