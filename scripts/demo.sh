#!/usr/bin/env bash
# From a fresh machine to a proved and verified 2 KiB sector, on the CPU:
#   1. install what is missing (scripts/setup.sh) and build cuzk (Release, in build/);
#   2. generate INSECURE TEST parameters for StackedDrg2KiBV1_1 once and keep them in the
#      parameter cache ($FIL_PROOFS_PARAMETER_CACHE, default build/params): about two minutes the
#      first time, reused afterwards;
#   3. seal a 2 KiB test sector (cuzk gen-c1), prove it (cuzk prove), verify it (cuzk verify).
# Usage: scripts/demo.sh [build-dir]   (default: build)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-"$root/build"}
proof_name=StackedDrg2KiBV1_1
miner_id=1000
sector_id=1

"$root/scripts/setup.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release ${CUZK_CMAKE_ARGS:-} >/dev/null
cmake --build "$build" --target cuzk --parallel "$(nproc)"
cuzk="$build/cuzk"

export FIL_PROOFS_PARAMETER_CACHE=${FIL_PROOFS_PARAMETER_CACHE:-"$build/params"}
work="$build/demo"
mkdir -p "$work" "$FIL_PROOFS_PARAMETER_CACHE"

stem="$FIL_PROOFS_PARAMETER_CACHE/v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-0-0-sha256_hasher-032d3138d22506ec0082ed72b2dcba18df18477904e35bafee82b3793b06832f"
if [[ -f "$stem.params" && -f "$stem.vk" ]]; then
  echo "demo: using the parameters in $FIL_PROOFS_PARAMETER_CACHE" >&2
else
  echo "demo: generating test parameters (once; about two minutes on 2 cores)" >&2
  "$cuzk" params generate --registered-proof "$proof_name"
fi

"$cuzk" gen-c1 --registered-proof "$proof_name" --miner-id "$miner_id" --sector-id "$sector_id" \
  -o "$work/c1.json" >"$work/sector.txt"
"$cuzk" prove "$work/c1.json" -o "$work/proof.bin" --miner-id "$miner_id" \
  --sector-id "$sector_id" --timings "$work/timings.json"
verdict=$("$cuzk" verify --c1 "$work/c1.json" --proof "$work/proof.bin" --miner-id "$miner_id" \
  --sector-id "$sector_id") || { echo "demo: the proof did not verify: $verdict" >&2; exit 1; }

cat <<END
demo: the proof is $verdict
  parameters (TEST ONLY)  $FIL_PROOFS_PARAMETER_CACHE
  C1 output               $work/c1.json
  sector values           $work/sector.txt
  proof (192 bytes)       $work/proof.bin
  timings                 $work/timings.json
END
