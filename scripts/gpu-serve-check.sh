#!/usr/bin/env bash
# `cuzk serve` on a GPU machine (the H200), in one call of under ten minutes: the five-sector
# `cuzk prove --jobs` stream of scripts/gpu-jobs-check.sh first (test parameters, five sparse
# 32 GiB C1s, every proof verified; its steady state is the baseline), then the same five C1s
# through a `cuzk serve` on a Unix socket, handed over with SubmitProof and awaited with
# AwaitProof by scripts/serve_sectors.py (Python's grpcio), every proof verified by `cuzk verify`,
# the daemon stopped with SIGTERM (its socket must be gone), and the two steady states compared:
# the daemon's must be within 5% of the stream's.
#
#   scripts/gpu-serve-check.sh CUZK_BINARY [WORK_DIR]    (default WORK_DIR: /var/tmp/cuzk-check)
#
# Environment: SECTORS (default 5), KEEP=1 to keep the parameters; STUBS, a folder holding
# cuzk/v1/proving_pb2*.py (default: generated here with protoc and grpc_python_plugin); the client
# needs Python's grpcio and protobuf (Debian's python3-grpcio and python3-protobuf, or their
# wheels for the machine's Python on PYTHONPATH).
set -euo pipefail

usage="usage: $0 CUZK_BINARY [WORK_DIR]  (the cuzk binary of a CUDA build)"
[[ -x ${1:-} ]] || { echo "$usage" >&2; exit 2; }
readonly cuzk=$(realpath "$1") work=${2:-/var/tmp/cuzk-check} sectors=${SECTORS:-5}
readonly params="$work/params" socket="$work/cuzk.sock"
here=$(dirname "$(realpath "$0")")
trap '[[ ${KEEP:-0} == 1 ]] || rm -rf "$params"' EXIT

fail() {
  echo "gpu-serve-check: FAILED $1" >&2
  exit 1
}

mkdir -p "$work"
SECTORS=$sectors KEEP=1 "$here/gpu-jobs-check.sh" "$cuzk" "$work" | tee "$work/jobs-check.log"
stream=$(sed -nE 's/^gpu-jobs-check: summary: .*steady state ([0-9.]+) s per sector.*/\1/p' \
  "$work/jobs-check.log")

stubs=${STUBS:-$work/stubs}
if [[ -z ${STUBS:-} ]]; then
  mkdir -p "$stubs"
  protoc -I "$here/../src/serve/proto" --python_out="$stubs" --grpc_python_out="$stubs" \
    --plugin=protoc-gen-grpc_python="$(command -v grpc_python_plugin)" cuzk/v1/proving.proto
fi

rm -f "$socket"
"$cuzk" serve --listen "unix://$socket" --params-dir "$params" --backend gpu -v \
  >"$work/serve.log" 2>&1 &
daemon=$!
jobs=()
for ((s = 1; s <= sectors; s++)); do
  rm -f "$work/proof-$s.bin"
  jobs+=("$work/c1-$s.json:$s")
done
status=0
PYTHONPATH="$stubs${PYTHONPATH:+:$PYTHONPATH}" python3 "$here/serve_sectors.py" "$socket" 1000 8 \
  "$work" "${jobs[@]}" | tee "$work/serve-sectors.log" || status=$?
kill -TERM "$daemon"
daemon_status=0
wait "$daemon" || daemon_status=$?
[[ $status == 0 ]] || { tail -20 "$work/serve.log"; fail "the client (exit $status)"; }
[[ $daemon_status == 0 ]] || { tail -20 "$work/serve.log"; fail "the daemon exited $daemon_status"; }
[[ ! -e $socket ]] || fail "the socket $socket is left after SIGTERM"
echo "gpu-serve-check: ok the daemon stopped on SIGTERM, its socket gone"

for ((s = 1; s <= sectors; s++)); do
  verdict=$("$cuzk" verify --c1 "$work/c1-$s.json" --proof "$work/proof-$s.bin" --miner-id 1000 \
    --sector-id "$s" --params-dir "$params") || true
  [[ $verdict == valid ]] || fail "sector $s through the daemon: $verdict"
done
echo "gpu-serve-check: ok all $sectors proofs from the daemon valid"

served=$(sed -nE 's/.*steady state ([0-9.]+) s per sector.*/\1/p' "$work/serve-sectors.log")
python3 - "$served" "$stream" <<'PY'
import sys
served, stream = float(sys.argv[1]), float(sys.argv[2])
ratio = served / stream
print(f"gpu-serve-check: {'ok' if ratio <= 1.05 else 'FAILED'} the daemon's steady state "
      f"{served:.2f} s per sector, the --jobs stream's {stream:.2f} (ratio {ratio:.3f}, at most 1.05)")
sys.exit(0 if ratio <= 1.05 else 1)
PY
echo "gpu-serve-check: all passed"
