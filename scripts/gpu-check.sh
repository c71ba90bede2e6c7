#!/usr/bin/env bash
# The GPU checks, on a machine with an NVIDIA GPU, from already-built binaries (a CUDA build's
# build/ directory, or a folder holding `cuzk` and the test executables):
#   1. every GPU test executable (cuzk_test_gpu_*): kernels against the CPU, the partition
#      prover against the CPU prover stage by stage, faults injected into a whole sector. Each
#      runs with doctest's --no-skip, so the cases marked doctest::skip(no_gpu()) and the
#      on-demand ones run too. An executable fails unless it exits 0, its doctest summary counts
#      at least one test case run and none skipped, and it did not print "SKIP GPU tests:"
#      (test/kernels/gpu_test_support.hpp: no usable GPU, under which a case that returns early
#      passes without testing anything). A CUDA-less build's GPU executables hold no test case.
#   2. a 2 KiB and an 8 MiB sector end to end through the CLI: test parameters, gen-c1, prove on
#      the GPU and on the CPU, verify both;
#   3. a GPU fault injected into `cuzk prove` of the 2 KiB sector (CUZK_CUDA_FAULT_AT, call
#      FAULT_AT, default 100: inside the parameter upload): with --backend auto it falls back to
#      the CPU, says so, records it in the timings and the proof verifies; with --backend gpu it
#      exits 1 with one line and leaves no file at the output path.
#   4. `cuzk prove --jobs` on the GPU over two 2 KiB sectors, a missing C1 and the 8 MiB sector:
#      three valid proofs, the missing one reported alone with no file, the parameters swapped once;
#   5. `cuzk prove --jobs` over two 2 KiB sectors with the fault injected: the first is proved on
#      the CPU instead (auto), the second on the GPU again, both valid.
# Usage: scripts/gpu-check.sh BIN_DIR [WORK_DIR]   (WORK_DIR default: a fresh temporary directory)
# Environment: FAULT_AT (default 100), TEST_TIMEOUT seconds per test executable (default 900).
# Prints one line per check and exits non-zero at the first failure.
set -euo pipefail

bin=${1:?usage: scripts/gpu-check.sh BIN_DIR [WORK_DIR]}
work=${2:-$(mktemp -d -t cuzk-gpu-check-XXXXXX)}
cuzk="$bin/cuzk"
[[ -x $cuzk ]] || cuzk="$bin/../cuzk"
mkdir -p "$work/params"
export FIL_PROOFS_PARAMETER_CACHE="$work/params"

# doctest's closing counts in a test log, colours removed, on one line:
# "test cases: N | P passed | F failed | S skipped; assertions: A | ...", where S counts the cases
# not run (left out by a filter or, without --no-skip, by a skip decorator).
doctest_counts() {
  sed 's/\x1b\[[0-9;]*m//g' "$1" | sed -nE 's/^\[doctest\] ((test cases|assertions):.*)/\1/p' |
    paste -sd';' - | sed 's/;/; /g'
}

# Why a GPU test executable's log does not show a real pass; nothing when it does.
test_log_problem() {
  local log=$1 counts ran skipped
  if grep -q '^SKIP GPU tests:' "$log"; then
    echo "no usable GPU ($(grep -m1 '^SKIP GPU tests:' "$log"))"
    return
  fi
  counts=$(doctest_counts "$log" |
    sed -nE 's/^test cases: *([0-9]+) \|[^;]*\| *([0-9]+) skipped.*/\1 \2/p')
  if [[ -z $counts ]]; then
    echo "no doctest summary with a skipped count"
    return
  fi
  read -r ran skipped <<<"$counts"
  if ((ran == 0)); then
    echo "ran no test case (a build without CUDA, or a filter that matches nothing)"
  elif ((skipped != 0)); then
    echo "$skipped test case(s) skipped under --no-skip"
  fi
}

shopt -s nullglob
tests=("$bin"/cuzk_test_gpu_* "$bin"/test/cuzk_test_gpu_*)
((${#tests[@]} > 0)) || {
  echo "gpu-check: FAILED: no cuzk_test_gpu_* in $bin or $bin/test" >&2
  exit 1
}
# The tests that prove 2 KiB sectors read the parameters ctest's fixture makes
# (test/params_2kib.hpp); outside ctest they are made here, once.
export CUZK_PARAMS_2KIB_DIR="$work/params-2kib"
"$cuzk" params generate --registered-proof StackedDrg2KiBV1_1 --params-dir "$CUZK_PARAMS_2KIB_DIR" \
  --progress plain >"$work/params-2kib.log" 2>&1 ||
  { tail -5 "$work/params-2kib.log"; echo "gpu-check: FAILED: 2 KiB parameters" >&2; exit 1; }
for t in "${tests[@]}"; do
  start=$SECONDS
  log="$work/$(basename "$t").log"
  # A test that hangs (a GPU thread left waiting after a fault) fails here rather than forever.
  status=0
  timeout "${TEST_TIMEOUT:-900}" "$t" --no-skip >"$log" 2>&1 || status=$?
  problem=$(test_log_problem "$log")
  [[ $status != 124 ]] || problem="ran past ${TEST_TIMEOUT:-900} s${problem:+; $problem}"
  if [[ $status != 0 || -n $problem ]]; then
    tail -40 "$log"
    echo "gpu-check: FAILED $(basename "$t") (exit $status${problem:+; $problem})" >&2
    exit 1
  fi
  echo "gpu-check: ok $(basename "$t") ($((SECONDS - start)) s): $(doctest_counts "$log")"
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

# 3. A GPU fault injected into `cuzk prove` of the 2 KiB sector (docs/reliability.md).
proof=StackedDrg2KiBV1_1
fault_at=${FAULT_AT:-100}
start=$SECONDS
CUZK_CUDA_FAULT_AT=$fault_at "$cuzk" prove "$work/$proof.c1.json" -o "$work/fault.auto.proof" \
  --miner-id 1000 --sector-id 7 --backend auto --timings "$work/fault.auto.timings.json" \
  2>"$work/fault.auto.log" || { cat "$work/fault.auto.log"; exit 1; }
grep -q "GPU failed: CUDA call .*(injected at checked CUDA call $fault_at); proving on the CPU instead (--backend auto, sector <= 512 MiB)" \
  "$work/fault.auto.log" || {
  cat "$work/fault.auto.log"
  echo "gpu-check: --backend auto with a fault at call $fault_at did not say it fell back" >&2
  exit 1
}
grep -q '"backend":"cpu","gpu_fault":"CUDA call ' "$work/fault.auto.timings.json" || {
  cat "$work/fault.auto.timings.json"
  echo "gpu-check: the timings do not record the fallback" >&2
  exit 1
}
verdict=$("$cuzk" verify --c1 "$work/$proof.c1.json" --proof "$work/fault.auto.proof" \
  --miner-id 1000 --sector-id 7)
[[ $verdict == valid ]] || { echo "gpu-check: the fallback's proof: $verdict" >&2; exit 1; }
status=0
CUZK_CUDA_FAULT_AT=$fault_at "$cuzk" prove "$work/$proof.c1.json" -o "$work/fault.gpu.proof" \
  --miner-id 1000 --sector-id 7 --backend gpu -q 2>"$work/fault.gpu.log" || status=$?
leftovers=$(find "$work" -maxdepth 1 -name 'fault.gpu.proof*')
if [[ $status != 1 || $(wc -l <"$work/fault.gpu.log") != 1 || -n $leftovers ]] ||
  ! grep -q "^cuzk: CUDA call .*(injected at checked CUDA call $fault_at)\$" "$work/fault.gpu.log"; then
  cat "$work/fault.gpu.log"
  echo "gpu-check: --backend gpu with a fault: exit $status, files: ${leftovers:-none}" >&2
  exit 1
fi
echo "gpu-check: ok GPU fault at call $fault_at: auto fell back to the CPU (valid), gpu failed with one line ($((SECONDS - start)) s)"

# 4. `cuzk prove --jobs` on the GPU.
start=$SECONDS
"$cuzk" gen-c1 --registered-proof StackedDrg2KiBV1_1 --miner-id 1000 --sector-id 8 \
  -o "$work/StackedDrg2KiBV1_1.8.c1.json" >/dev/null
cat >"$work/jobs.txt" <<EOF
# two 2 KiB sectors, a missing C1, an 8 MiB sector
$work/StackedDrg2KiBV1_1.c1.json $work/jobs.2k-7.proof --miner-id 1000 --sector-id 7
$work/StackedDrg2KiBV1_1.8.c1.json $work/jobs.2k-8.proof --miner-id 1000 --sector-id 8
$work/missing.c1.json $work/jobs.missing.proof --miner-id 1000 --sector-id 9
$work/StackedDrg8MiBV1_1.c1.json $work/jobs.8m-7.proof --miner-id 1000 --sector-id 7
EOF
status=0
"$cuzk" prove --jobs "$work/jobs.txt" --backend gpu --timings "$work/jobs.timings.json" \
  2>"$work/jobs.log" || status=$?
jobs_fail() {
  cat "$work/jobs.log"
  echo "gpu-check: prove --jobs: $1" >&2
  exit 1
}
[[ $status == 1 ]] || jobs_fail "exit status $status, expected 1 (one job fails)"
grep -q "job 3: failed: " "$work/jobs.log" || jobs_fail "the missing C1 is not reported"
[[ ! -e $work/jobs.missing.proof ]] || jobs_fail "a file at the failed job's output"
[[ $(grep -c "parameters: swapping" "$work/jobs.log") == 1 ]] || jobs_fail "not one swap"
for job in 2k-7:StackedDrg2KiBV1_1.c1.json:7 2k-8:StackedDrg2KiBV1_1.8.c1.json:8 \
  8m-7:StackedDrg8MiBV1_1.c1.json:7; do
  IFS=: read -r name c1 sector <<<"$job"
  verdict=$("$cuzk" verify --c1 "$work/$c1" --proof "$work/jobs.$name.proof" --miner-id 1000 \
    --sector-id "$sector")
  [[ $verdict == valid ]] || jobs_fail "$name: $verdict"
done
echo "gpu-check: ok prove --jobs on the GPU: 3 proofs valid, the missing C1 reported, one swap" \
  "($((SECONDS - start)) s): $(grep -o 'summary: .*' "$work/jobs.log")"
# 5. `cuzk prove --jobs` after a GPU fault: the faulted sector is proved again on the CPU (auto, 2
# KiB), the GPU prover is rebuilt and proves the next sector (pipeline/sector_prover.hpp).
start=$SECONDS
cat >"$work/fault-jobs.txt" <<EOF
$work/StackedDrg2KiBV1_1.c1.json $work/fault-jobs.7.proof --miner-id 1000 --sector-id 7
$work/StackedDrg2KiBV1_1.8.c1.json $work/fault-jobs.8.proof --miner-id 1000 --sector-id 8
EOF
status=0
CUZK_CUDA_FAULT_AT=$fault_at "$cuzk" prove --jobs "$work/fault-jobs.txt" --backend auto \
  --timings "$work/fault-jobs.timings.json" 2>"$work/fault-jobs.log" || status=$?
fault_jobs_fail() {
  cat "$work/fault-jobs.log" "$work/fault-jobs.timings.json"
  echo "gpu-check: prove --jobs after a fault: $1" >&2
  exit 1
}
[[ $status == 0 ]] || fault_jobs_fail "exit status $status"
[[ $(grep -c "GPU failed: CUDA call .*(injected at checked CUDA call $fault_at)" \
  "$work/fault-jobs.log") == 1 ]] || fault_jobs_fail "not one fallback line"
backends=$(grep -o '"backend":"[a-z]*"' "$work/fault-jobs.timings.json" | paste -sd' ')
[[ $backends == '"backend":"cpu" "backend":"gpu"' ]] ||
  fault_jobs_fail "backends $backends, expected the CPU then the GPU"
for sector in 7 8; do
  c1="$work/StackedDrg2KiBV1_1.c1.json"
  [[ $sector == 7 ]] || c1="$work/StackedDrg2KiBV1_1.8.c1.json"
  verdict=$("$cuzk" verify --c1 "$c1" --proof "$work/fault-jobs.$sector.proof" --miner-id 1000 \
    --sector-id "$sector")
  [[ $verdict == valid ]] || fault_jobs_fail "sector $sector: $verdict"
done
echo "gpu-check: ok prove --jobs after a GPU fault: job 1 proved on the CPU, job 2 on the" \
  "rebuilt GPU prover, both valid ($((SECONDS - start)) s)"

echo "gpu-check: all passed (logs and timings in $work)"
