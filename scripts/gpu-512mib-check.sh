#!/usr/bin/env bash
# The 512 MiB check of issue 12 on a machine with an NVIDIA GPU, from already-built binaries (a
# CUDA build's build/ directory, or a folder holding `cuzk` and the test executables):
#   1. params   INSECURE TEST parameters for StackedDrg512MiBV1_1 (`cuzk params generate`, on the
#               GPU when there is one; 1.99 GB), unless WORK_DIR already has them;
#   2. gen-c1   a really sealed 512 MiB sector's C1 (`cuzk gen-c1`), unless WORK_DIR has it;
#   3. equality cuzk_test_gpu_sector_equality_test --no-skip on that C1: its partition proved by
#               the CPU path and by the GPU path, a, b, c, H and every MSM sum equal, both proofs
#               valid with the sector's public inputs;
#   4. prove    `cuzk prove --backend gpu`, then `--backend cpu` (-v, --timings JSON);
#   5. verify   `cuzk verify` of both proofs.
# Usage: scripts/gpu-512mib-check.sh CUZK_BIN_DIR [WORK_DIR]   (default: a fresh temporary directory)
# Environment:
#   PROOF     registered proof (default StackedDrg512MiBV1_1; StackedDrg8MiBV1_1 is a quick run)
#   BACKENDS  the backends of step 4 and 5 (default "gpu cpu"); without gpu, step 3 is left out
#             too (the CPU steps alone on a machine without a GPU)
# Prints one line per step with its wall seconds, then the two provers' phase tables; exits
# non-zero at the first failure, after the tail of that step's log. Logs, proofs and timings stay
# in WORK_DIR.
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
  echo "usage: $0 CUZK_BIN_DIR [WORK_DIR]" >&2
  exit 2
fi
bin=$1
cuzk="$bin/cuzk"
[[ -x $cuzk ]] || cuzk="$bin/../cuzk"
equality="$bin/test/cuzk_test_gpu_sector_equality_test"
[[ -x $equality ]] || equality="$bin/cuzk_test_gpu_sector_equality_test"
for exe in "$cuzk" "$equality"; do
  [[ -x $exe ]] || {
    echo "$0: no $(basename "$exe") in $bin (build the cuzk and cuzk_test_gpu_sector_equality_test targets)" >&2
    exit 2
  }
done

work=${2:-$(mktemp -d -t cuzk-512mib-check-XXXXXX)}
proof=${PROOF:-StackedDrg512MiBV1_1}
read -r -a backends <<<"${BACKENDS:-gpu cpu}"
ids=(--miner-id 1000 --sector-id 7)
params="$work/params-$proof"
c1="$work/$proof.c1.json"
mkdir -p "$params"

# step NAME COMMAND...: runs COMMAND with its output in WORK_DIR/NAME.log and prints its seconds.
step() {
  local name=$1
  shift
  local start=${EPOCHREALTIME/./}
  if ! "$@" >"$work/$name.log" 2>&1; then
    tail -40 "$work/$name.log"
    echo "gpu-512mib-check: FAILED $name (log: $work/$name.log)" >&2
    exit 1
  fi
  local tenths=$(((${EPOCHREALTIME/./} - start) / 100000))
  printf 'gpu-512mib-check: ok %-11s %5d.%d s\n' "$name" $((tenths / 10)) $((tenths % 10))
}

# Whether `cuzk verify` says "valid" (its verdict is its stdout).
verify() {
  local verdict
  verdict=$("$cuzk" verify --c1 "$c1" --proof "$1" --params-dir "$params" "${ids[@]}")
  echo "$verdict"
  [[ $verdict == valid ]]
}

if compgen -G "$params/*.params" >/dev/null && compgen -G "$params/*.vk" >/dev/null; then
  echo "gpu-512mib-check: reusing the parameters in $params"
else
  step params "$cuzk" params generate --registered-proof "$proof" --params-dir "$params"
fi
if [[ -s $c1 ]]; then
  echo "gpu-512mib-check: reusing $c1"
else
  step gen-c1 "$cuzk" gen-c1 --registered-proof "$proof" "${ids[@]}" -o "$c1"
fi
if [[ " ${backends[*]} " == *" gpu "* ]]; then
  step equality env CUZK_EQUALITY_C1="$c1" CUZK_EQUALITY_PARAMS_DIR="$params" "$equality" --no-skip
fi
for backend in "${backends[@]}"; do
  step "prove-$backend" "$cuzk" prove "$c1" -o "$work/$proof.$backend.proof" "${ids[@]}" \
    --params-dir "$params" --backend "$backend" -v --timings "$work/$proof.$backend.timings.json"
done
for backend in "${backends[@]}"; do
  step "verify-$backend" verify "$work/$proof.$backend.proof"
done

for backend in "${backends[@]}"; do
  echo "== cuzk prove --backend $backend"
  sed -n '/timings$/,$p' "$work/prove-$backend.log"
done
echo "gpu-512mib-check: all passed (logs, proofs and timings in $work)"
