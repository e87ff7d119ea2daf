#!/usr/bin/env bash
# A longer differential campaign against NumPy (tests/fuzz.py): COUNT
# programs from SEED on the cpu and on the npu through acl-sim, with the
# counts per disagreement class; PENDING features included with --pending.
#
#   scripts/fuzz.sh SEED COUNT [--pending] [more tests/fuzz.py options]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seed="${1:?usage: scripts/fuzz.sh SEED COUNT [options]}"
count="${2:?usage: scripts/fuzz.sh SEED COUNT [options]}"
shift 2
cd "$root"
cargo build --release --quiet -p xpush -p xpush-acl-sim
target="${CARGO_TARGET_DIR:-target}"
exec python3 tests/fuzz.py --xpush "$target/release/xpush" \
    --acl-lib "$target/release/libxpush_acl_sim.so" \
    --seed "$seed" --count "$count" --report "$@"
