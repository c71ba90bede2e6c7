#!/usr/bin/env bash
# The GPU memory tiers of a 32 GiB sector on one GPU machine (the H200), in one call of under ten
# minutes: test parameters (scripts/gpu-sector-check.sh STEP=setup, about 150 s, unless WORK_DIR
# holds them), then one `cuzk prove` at each --gpu-memory-limit of LIMITS, each proof verified and
# its measured peak GPU memory checked against its limit (scripts/gpu-prove-check.sh LIMIT=...),
# then a limit below the smallest tier, which must fail with one line, exit 1 and no proof file.
#
#   scripts/gpu-memory-tiers.sh CUZK_BINARY [WORK_DIR]    (default WORK_DIR: /var/tmp/cuzk-check)
#
# Environment: LIMITS (default "none 48GiB 40GiB 24GiB"; none: the free memory), BELOW (default
# 16GiB), PROOF (default StackedDrg32GiBV1_1), KEEP=1 to keep the parameters.
set -euo pipefail

usage="usage: $0 CUZK_BINARY [WORK_DIR]  (the cuzk binary of a CUDA build)"
[[ -x ${1:-} ]] || { echo "$usage" >&2; exit 2; }
readonly cuzk=$(realpath "$1") work=${2:-/var/tmp/cuzk-check}
readonly proof=${PROOF:-StackedDrg32GiBV1_1} below=${BELOW:-16GiB}
read -r -a limits <<<"${LIMITS:-none 48GiB 40GiB 24GiB}"
here=$(dirname "$(realpath "$0")")
trap '[[ ${KEEP:-0} == 1 ]] || rm -rf "$work/params"' EXIT

for limit in "${limits[@]}"; do
  [[ $limit == none ]] && limit=""
  RUNS=1 STREAM=0 KEEP=1 LIMIT=$limit PROOF=$proof "$here/gpu-prove-check.sh" "$cuzk" "$work" |
    grep -v 'all passed'
done

out="$work/proof-below.bin"
rm -f "$out"
status=0
"$cuzk" prove "$work/c1-11.json" -o "$out" --miner-id 1000 --sector-id 11 \
  --params-dir "$work/params" --gpu-memory-limit "$below" --backend gpu 2>"$work/below.log" ||
  status=$?
# The run's own lines ("cuzk prove [ t] ...") may come first; the failure is one "cuzk: " line.
errors=$(grep -c '^cuzk: ' "$work/below.log" || true)
last=$(tail -n 1 "$work/below.log")
if [[ $status != 1 || -e $out || $errors != 1 || $last != "cuzk: GPU memory: "* ]]; then
  cat "$work/below.log" >&2
  echo "gpu-memory-tiers: FAILED at $below: exit $status, $errors error lines," \
    "output $([[ -e $out ]] && echo written || echo absent)" >&2
  exit 1
fi
echo "gpu-memory-tiers: ok at $below: refused, exit 1, no proof file: $last"
echo "gpu-memory-tiers: all passed"
