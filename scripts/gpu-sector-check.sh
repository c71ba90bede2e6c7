#!/usr/bin/env bash
# The whole-sector check on a GPU machine (the H200): INSECURE TEST parameters generated on the
# GPU into a scratch directory, then a sparse C1 made, proved and verified with them, all in one
# `cuzk bench sector` call, which prints the phase table. Builds nothing: give it the cuzk binary
# of a CUDA build.
#
#   scripts/gpu-sector-check.sh CUZK_BINARY [WORK_DIR]     (default WORK_DIR: /var/tmp/cuzk-check)
#
# Environment:
#   PROOF     registered proof (default StackedDrg32GiBV1_1; StackedDrg512MiBV1_1 is a quick run)
#   BACKEND   prover backend, as for `cuzk prove --backend` (default gpu)
#   BATCH     partitions per batch on the CPU backend (default 1: a 32 GiB partition takes about
#             17 GB of host memory there)
#   STEP      "sector" (default) or "setup" (only `cuzk params generate --device gpu`, timed;
#             nothing when WORK_DIR/params holds parameters already)
#   KEEP=1    keep the parameters afterwards (47.4 GB at 32 GiB) for the next run
#
# The 32 GiB .params is 47.4 GB and the H200 machine's disk 64 GiB: nothing else large is
# written (the C1 stays in memory). Exits with cuzk's status.
set -euo pipefail

if [[ $# -lt 1 || ! -x $1 ]]; then
  echo "usage: $0 CUZK_BINARY [WORK_DIR]  (the cuzk binary of a CUDA build)" >&2
  exit 2
fi
cuzk=$(realpath "$1")
work=${2:-/var/tmp/cuzk-check}
proof=${PROOF:-StackedDrg32GiBV1_1}
backend=${BACKEND:-gpu}
batch=${BATCH:-1}
step=${STEP:-sector}
params="$work/params"
mkdir -p "$params"

cleanup() {
  if [[ ${KEEP:-0} != 1 ]]; then rm -rf "$params"; fi
}
trap cleanup EXIT

echo "== machine"
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,memory.total,driver_version \
  --format=csv,noheader
echo "cores $(nproc), $(free -g | awk '/^Mem:/ {print $2 " GiB memory, " $7 " GiB available"}')"
df -h "$work" | tail -1
"$cuzk" --version

# GNU time adds the peak resident memory when it is installed.
timer=()
if [[ -x /usr/bin/time ]]; then timer=(/usr/bin/time -f "wall %e s, user %U s, peak RSS %M KiB"); fi

status=0
case $step in
  setup)
    # Kept parameters (KEEP=1 on an earlier call) are used again.
    if compgen -G "$params/*.params" >/dev/null && compgen -G "$params/*.vk" >/dev/null; then
      echo "== parameters already in $params"
      exit 0
    fi
    echo "== cuzk params generate --registered-proof $proof --device gpu"
    "${timer[@]}" "$cuzk" params generate --registered-proof "$proof" --params-dir "$params" \
      --device gpu --force || status=$?
    ls -l "$params"
    ;;
  sector)
    echo "== cuzk bench sector --registered-proof $proof --backend $backend"
    "${timer[@]}" "$cuzk" bench sector --registered-proof "$proof" --params-dir "$params" \
      --device gpu --backend "$backend" --partitions-per-batch "$batch" \
      --timings "$work/timings.json" || status=$?
    if [[ -f $work/timings.json ]]; then cat "$work/timings.json"; fi
    ;;
  *)
    echo "$0: STEP must be sector or setup, not '$step'" >&2
    exit 2
    ;;
esac
echo "== exit status $status"
exit "$status"
