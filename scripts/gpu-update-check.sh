#!/usr/bin/env bash
# The 32 GiB SnapDeals update proof on a GPU machine (the H200), in one call of under ten minutes:
# INSECURE TEST update parameters generated on the GPU (`cuzk params generate
# --registered-update-proof`, timed) unless WORK_DIR holds them, a structured update input from
# `cuzk gen-update`, then `cuzk prove-update` RUNS times (default 2), each timed from the process
# start to the proof file and verified again by `cuzk verify-update`. Prints one line per run, as
# scripts/gpu-prove-check.sh does for PoRep C2: wall, GPU time per partition, the GPU pass, peak
# host RSS and GPU memory. Builds nothing: give it the cuzk binary of a CUDA build.
#
#   scripts/gpu-update-check.sh CUZK_BINARY [WORK_DIR]   (default WORK_DIR: /var/tmp/cuzk-update)
#
# Environment: PROOF (default StackedDrg32GiBV1, a registered update proof), RUNS (default 2),
# BACKEND (default gpu), KEEP=1 to keep the parameters. The H200 machine's disk holds either the
# 32 GiB PoRep parameters or the update ones, not both: this script's go unless KEEP=1.
set -euo pipefail

usage="usage: $0 CUZK_BINARY [WORK_DIR]  (the cuzk binary of a CUDA build)"
[[ -x ${1:-} ]] || { echo "$usage" >&2; exit 2; }
readonly cuzk=$(realpath "$1") work=${2:-/var/tmp/cuzk-update}
readonly proof=${PROOF:-StackedDrg32GiBV1} runs=${RUNS:-2} backend=${BACKEND:-gpu}
readonly params="$work/params"
here=$(dirname "$(realpath "$0")")
mkdir -p "$params"
trap '[[ ${KEEP:-0} == 1 ]] || rm -rf "$params"' EXIT

fail() {
  echo "gpu-update-check: FAILED $1" >&2
  exit 1
}

start=$SECONDS
if compgen -G "$params/*.params" >/dev/null && compgen -G "$params/*.vk" >/dev/null; then
  echo "gpu-update-check: ok parameters already in $params"
else
  "$cuzk" params generate --registered-update-proof "$proof" --params-dir "$params" \
    --device gpu >"$work/setup.log" 2>&1 || { tail -20 "$work/setup.log"; fail "parameter setup"; }
  echo "gpu-update-check: ok parameters in $params ($((SECONDS - start)) s)"
fi

start=$SECONDS
input="$work/update.json"
"$cuzk" gen-update --registered-update-proof "$proof" -o "$input" >/dev/null 2>"$work/gen-update.log" ||
  { tail -5 "$work/gen-update.log"; fail "gen-update"; }
echo "gpu-update-check: ok update input made ($((SECONDS - start)) s)"

for ((r = 1; r <= runs; r++)); do
  out="$work/update-proof.$r.bin"
  rm -f "$out"
  began=$(date +%s.%N)
  "$cuzk" prove-update "$input" -o "$out" --params-dir "$params" --backend "$backend" -v \
    --timings "$work/timings.$r.json" 2>"$work/prove-update.$r.log" ||
    { tail -30 "$work/prove-update.$r.log"; fail "cuzk prove-update run $r"; }
  ended=$(date +%s.%N)
  verdict=$("$cuzk" verify-update --update-input "$input" --proof "$out" --params-dir "$params") ||
    true
  [[ $verdict == valid ]] || fail "run $r: the proof is $verdict"
  grep -m1 'GPU memory:' "$work/prove-update.$r.log" || true
  "$here/run_summary.py" gpu-update-check "$work/timings.$r.json" "$began" "$ended" "$r"
done
echo "gpu-update-check: all passed (logs and timings in $work)"
