#!/usr/bin/env bash
# The 32 GiB `cuzk prove` check on a GPU machine (the H200), in one call of under ten minutes:
# INSECURE TEST parameters generated on the GPU (scripts/gpu-sector-check.sh STEP=setup, about
# 150 s) unless WORK_DIR holds them, a sparse C1 from `cuzk gen-c1`, then `cuzk prove` as a
# sealing pipeline runs it, RUNS times (default 2), each timed from the process start to the
# proof file and verified again by `cuzk verify`; then, with STREAM=N (default 3), N sectors
# through one `cuzk prove --jobs` (scripts/gpu-jobs-check.sh). Prints one line per run: wall,
# GPU time per partition, the GPU pass, the time from the last GPU result to the proof, peak host
# RSS and GPU memory. Builds nothing: give it the cuzk binary of a CUDA build.
#
#   scripts/gpu-prove-check.sh CUZK_BINARY [WORK_DIR]     (default WORK_DIR: /var/tmp/cuzk-check)
#
# Environment: PROOF (default StackedDrg32GiBV1_1), RUNS (default 2), STREAM (default 3; 0 skips
# the stream), LIMIT (a --gpu-memory-limit for the runs, such as 24GiB: each run's measured peak
# GPU memory must stay under it), KEEP=1 to keep the parameters (47.4 GB at 32 GiB).
set -euo pipefail

usage="usage: $0 CUZK_BINARY [WORK_DIR]  (the cuzk binary of a CUDA build)"
[[ -x ${1:-} ]] || { echo "$usage" >&2; exit 2; }
readonly cuzk=$(realpath "$1") work=${2:-/var/tmp/cuzk-check}
readonly proof=${PROOF:-StackedDrg32GiBV1_1} runs=${RUNS:-2} stream=${STREAM:-3} limit=${LIMIT:-}
readonly params="$work/params"
here=$(dirname "$(realpath "$0")")
mkdir -p "$work"
trap '[[ ${KEEP:-0} == 1 ]] || rm -rf "$params"' EXIT

fail() {
  echo "gpu-prove-check: FAILED $1" >&2
  exit 1
}

start=$SECONDS
STEP=setup KEEP=1 PROOF=$proof "$here/gpu-sector-check.sh" "$cuzk" "$work" >"$work/setup.log" \
  2>&1 || { tail -20 "$work/setup.log"; fail "parameter setup"; }
echo "gpu-prove-check: ok parameters in $params ($((SECONDS - start)) s)"

c1="$work/c1-11.json"
"$cuzk" gen-c1 --registered-proof "$proof" --miner-id 1000 --sector-id 11 -o "$c1" >/dev/null ||
  fail "gen-c1"
limit_option=()
[[ -z $limit ]] || limit_option=(--gpu-memory-limit "$limit")
for ((r = 1; r <= runs; r++)); do
  out="$work/proof-11.$r.bin"
  rm -f "$out"
  began=$(date +%s.%N)
  "$cuzk" prove "$c1" -o "$out" --miner-id 1000 --sector-id 11 --params-dir "$params" -v \
    "${limit_option[@]}" --timings "$work/timings.$r.json" 2>"$work/prove.$r.log" ||
    { tail -30 "$work/prove.$r.log"; fail "cuzk prove run $r"; }
  ended=$(date +%s.%N)
  verdict=$("$cuzk" verify --c1 "$c1" --proof "$out" --miner-id 1000 --sector-id 11 \
    --params-dir "$params") || true
  [[ $verdict == valid ]] || fail "run $r: the proof is $verdict"
  grep -m1 'GPU memory:' "$work/prove.$r.log" || true
  "$here/run_summary.py" gpu-prove-check "$work/timings.$r.json" "$began" "$ended" "$r" "$limit"
done

if ((stream > 0)); then
  SECTORS=$stream KEEP=1 PROOF=$proof "$here/gpu-jobs-check.sh" "$cuzk" "$work" ||
    fail "the --jobs stream"
fi
echo "gpu-prove-check: all passed (logs and timings in $work)"
