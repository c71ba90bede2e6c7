#!/usr/bin/env bash
# The GPU checks, on a machine with an NVIDIA GPU, from already-built binaries (a CUDA build's
# build/ directory, or a folder holding `cuzk` and the test executables):
#   1. every GPU test executable (cuzk_test_gpu_*): kernels against the CPU, and the partition
#      prover against the CPU prover stage by stage;
#   2. a 2 KiB and an 8 MiB sector end to end through the CLI: test parameters, gen-c1, prove on
#      the GPU and on the CPU, verify both.
# Usage: scripts/gpu-check.sh BIN_DIR [WORK_DIR]   (WORK_DIR default: a fresh temporary directory)
# Prints one line per check and exits non-zero at the first failure.
set -euo pipefail

bin=${1:?usage: scripts/gpu-check.sh BIN_DIR [WORK_DIR]}
work=${2:-$(mktemp -d -t cuzk-gpu-check-XXXXXX)}
cuzk="$bin/cuzk"
[[ -x $cuzk ]] || cuzk="$bin/../cuzk"
mkdir -p "$work/params"
export FIL_PROOFS_PARAMETER_CACHE="$work/params"

shopt -s nullglob
tests=("$bin"/cuzk_test_gpu_* "$bin"/test/cuzk_test_gpu_*)
for t in "${tests[@]}"; do
  start=$SECONDS
  "$t" --no-skip >"$work/$(basename "$t").log" 2>&1 || {
    tail -40 "$work/$(basename "$t").log"
    echo "gpu-check: FAILED $(basename "$t")" >&2
    exit 1
  }
  echo "gpu-check: ok $(basename "$t") ($((SECONDS - start)) s): $(grep -E '^\[doctest\] assertions' "$work/$(basename "$t").log")"
done

for proof in StackedDrg2KiBV1_1 StackedDrg8MiBV1_1; do
  start=$SECONDS
  "$cuzk" params generate --registered-proof "$proof" -q
  "$cuzk" gen-c1 --registered-proof "$proof" --miner-id 1000 --sector-id 7 -o "$work/$proof.c1.json" >/dev/null
  for backend in gpu cpu; do
    "$cuzk" prove "$work/$proof.c1.json" -o "$work/$proof.$backend.proof" --miner-id 1000 \
      --sector-id 7 --backend "$backend" --timings "$work/$proof.$backend.timings.json" -v \
      2>"$work/$proof.$backend.log" || { cat "$work/$proof.$backend.log"; exit 1; }
    verdict=$("$cuzk" verify --c1 "$work/$proof.c1.json" --proof "$work/$proof.$backend.proof" \
      --miner-id 1000 --sector-id 7)
    [[ $verdict == valid ]] || { echo "gpu-check: $proof on the $backend: $verdict" >&2; exit 1; }
  done
  echo "gpu-check: ok $proof proved on the GPU and the CPU, both valid ($((SECONDS - start)) s)"
done
echo "gpu-check: all passed (logs and timings in $work)"
