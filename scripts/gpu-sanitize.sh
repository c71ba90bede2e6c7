#!/usr/bin/env bash
# compute-sanitizer over the GPU tests, on a machine with an NVIDIA GPU, from already-built
# binaries (a CUDA build's build/ directory, or a folder holding the test executables):
#   memcheck (with leak checking) over every GPU test executable, --no-skip;
#   racecheck (shared-memory hazards) over the small cases of the kernels that use shared memory,
#   and over the partition prover's batch case with only the ones batch's kernels checked
#   (kernels/msm/ones_batch.cuh: ones_pattern_kernel, pattern_sums_kernel; --kernel-name), as
#   racecheck over the whole partition prover would take far longer.
# Fails (exit 1) if any run reports an error, a test fails, a run's doctest filter selects no test
# case, the GPU is not usable ("SKIP GPU tests:") or a kernel named for a run is not in its
# executable (its filter would check nothing).
#
# Usage: scripts/gpu-sanitize.sh BIN_DIR [WORK_DIR]   (logs go to WORK_DIR, default a temporary)
# Environment: RUN_TIMEOUT  seconds one sanitized run may take (default 240); a run past it fails.
#              ONLY         an extended regular expression: only the runs whose line below,
#                           "TOOL TEST OPTIONS..." as written there, it matches (one must), e.g.
#                           ONLY='^racecheck gpu_partition_prover' for the batch case's racecheck.
#
# memcheck slows kernels 10-100x, so the cases below are chosen to keep the whole run short: the
# runs before the batch case's took 202-227 s in all on an H200 (docs/reliability.md); the batch
# case's are not measured yet. Left out, with the reason:
#   gpu_ntt "GPU NTT at 2^2*"        2^24 .. 2^27 transforms: the same kernels as the 2^8 .. 2^21
#                                    cases, on 0.5-4 GB each (and a CPU check of minutes);
#   gpu_setup "GPU setup writes*"    a 2 KiB and an 8 MiB setup with their CPU setups: the
#                                    fixed-base and NTT kernels it runs are in the other cases;
#   gpu_partition_prover "*streamed*", "*does not satisfy*" and "*the CPU prover's*": each a
#                                    1.2 M-row keygen on the CPU (and hundreds of slice launches);
#                                    the block-copy case runs the same kernels, and the copying of
#                                    a recording's challenge blocks on the device besides. The
#                                    batch case ("*the ones summed for a batch*": the ones of
#                                    three partitions summed together, resident, two partitions
#                                    in flight, streamed) has runs of its own: of the cases run
#                                    here, only it runs the ones batch's kernels;
#   gpu_fault_injection              dozens of whole-sector runs (its clean run is the same code
#                                    as the partition prover's; the faults are host-side);
#   gpu_proving_session, gpu_sector_equality
#                                    whole sectors (sealed here, setup, CPU proof) through the
#                                    same kernels as the partition prover's case.
set -euo pipefail

bin=${1:?usage: scripts/gpu-sanitize.sh BIN_DIR [WORK_DIR]}
work=${2:-$(mktemp -d -t cuzk-gpu-sanitize-XXXXXX)}
mkdir -p "$work"
sanitizer=$(command -v compute-sanitizer || true)
[[ -n $sanitizer ]] || sanitizer=/usr/local/cuda/bin/compute-sanitizer
[[ -x $sanitizer ]] || { echo "gpu-sanitize: compute-sanitizer not found" >&2; exit 2; }

# The test executable's path (build/ keeps them in build/test/).
find_test() {
  local t
  for t in "$bin/cuzk_test_$1_test" "$bin/test/cuzk_test_$1_test"; do
    [[ -x $t ]] && { echo "$t"; return; }
  done
  echo "gpu-sanitize: no cuzk_test_$1_test in $bin" >&2
  exit 2
}

failed=0
runs=0
# run TOOL TEST [--kernels=NAME,...] [doctest filters...]: --kernels checks only the kernels whose
# mangled names hold one of the NAMEs (one --kernel-name kns=NAME each: a kernel matching any is
# checked); the others run unchecked.
run() {
  local tool=$1 test=$2
  shift 2
  local label="$tool $test${*:+ $*}"
  [[ -z ${ONLY:-} || $label =~ $ONLY ]] || return 0
  runs=$((runs + 1))
  local exe log start status=0 kernel
  exe=$(find_test "$test")
  log="$work/$runs.$tool.$test.log"
  start=$SECONDS
  local options=(--tool "$tool" --error-exitcode 86 --print-limit 20)
  [[ $tool == memcheck ]] && options+=(--leak-check full)
  if [[ ${1:-} == --kernels=* ]]; then
    local kernels
    IFS=, read -ra kernels <<<"${1#--kernels=}"
    shift
    for kernel in "${kernels[@]}"; do
      # The names the CUDA runtime registers are in the executable; a kernel renamed away would
      # leave the filter matching nothing and the run checking nothing.
      grep -qaF "$kernel" "$exe" || {
        echo "gpu-sanitize: FAILED $label: no kernel named *$kernel* in $exe" >&2
        failed=1
        return
      }
      options+=(--kernel-name "kns=$kernel")
    done
  fi
  timeout "${RUN_TIMEOUT:-240}" "$sanitizer" "${options[@]}" "$exe" --no-skip "$@" >"$log" 2>&1 ||
    status=$?
  [[ $status == 124 ]] && echo "gpu-sanitize: $label ran past ${RUN_TIMEOUT:-240} s" >>"$log"
  # Each process ends with a summary (memcheck: "ERROR SUMMARY: N errors"; racecheck:
  # "RACECHECK SUMMARY: H hazards displayed (E errors, W warnings)"); every one must count 0 errors.
  # doctest's own ("[doctest] test cases: N | ...") must count a test case run: a filter that
  # matches no case name runs nothing, cleanly.
  local summaries cases
  summaries=$(grep -E "(ERROR|RACECHECK) SUMMARY:" "$log" || true)
  cases=$(sed -nE 's/^\[doctest\] test cases: *([0-9]+) \|.*/\1/p' "$log" | tail -1)
  if [[ $status != 0 || -z $summaries || ${cases:-0} == 0 ]] ||
    grep -q '^SKIP GPU tests:' "$log" ||
    grep -qvE "ERROR SUMMARY: 0 errors|RACECHECK SUMMARY: [0-9]+ hazards displayed \(0 errors" \
      <<<"$summaries"; then
    tail -60 "$log"
    echo "gpu-sanitize: FAILED $label (exit $status, ${cases:-no} test cases," \
      "$((SECONDS - start)) s; log $log)" >&2
    failed=1
    return
  fi
  echo "gpu-sanitize: ok $label ($((SECONDS - start)) s): $(grep -E '^\[doctest\] test cases' "$log")"
}

run memcheck gpu_field_ops
run memcheck gpu_bases
run memcheck gpu_msm
run memcheck gpu_ntt --test-case-exclude="GPU NTT at 2^2*"
run memcheck gpu_backend
run memcheck gpu_setup --test-case-exclude="GPU setup writes*"
run memcheck gpu_partition_prover \
  --test-case-exclude="*streamed*,*does not satisfy*,*the CPU prover's*,*the ones summed for a batch*"
run memcheck gpu_partition_prover --test-case="*the ones summed for a batch*"

run racecheck gpu_ntt --test-case="GPU NTT equals the naive DFT*,GPU NTT round trips"
run racecheck gpu_msm --test-case="G1 MSM equals the CPU sum,G1 batch addition*"
run racecheck gpu_partition_prover --kernels=ones_pattern_kernel,pattern_sums_kernel \
  --test-case="*the ones summed for a batch*"

if ((runs == 0)); then
  echo "gpu-sanitize: ONLY=$ONLY matches no run" >&2
  exit 2
fi
if [[ $failed != 0 ]]; then
  echo "gpu-sanitize: errors found (logs in $work)" >&2
  exit 1
fi
echo "gpu-sanitize: all clean (logs in $work)"
