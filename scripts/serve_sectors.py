"""Proves sectors through a running `cuzk serve` as curio's client does: every C1 handed over
with SubmitProof at once, then each proof awaited with AwaitProof and written to OUT_DIR/proof-S.bin.
Prints when each proof came back and the steady state, the seconds a sector between the first
proof and the last (what `cuzk prove --jobs` reports as its steady state).

Usage: serve_sectors.py SOCKET MINER_ID REGISTERED_PROOF_NUMBER OUT_DIR C1:SECTOR [C1:SECTOR ...]
The stubs (cuzk/v1/proving_pb2*.py, from src/serve/proto) must be on PYTHONPATH.
"""

import sys
import time

import grpc
from cuzk.v1 import proving_pb2 as pb
from cuzk.v1 import proving_pb2_grpc as rpc

MESSAGE_BYTES = 128 << 20  # a 32 GiB C1 is about 50 MB


def main(argv):
    if len(argv) < 6:
        sys.exit(__doc__)
    socket, miner, registered, out_dir = argv[1], int(argv[2]), int(argv[3]), argv[4]
    sectors = [(c1, int(sector)) for c1, sector in (a.rsplit(":", 1) for a in argv[5:])]
    channel = grpc.insecure_channel(
        "unix://" + socket,
        options=[("grpc.max_send_message_length", MESSAGE_BYTES),
                 ("grpc.max_receive_message_length", MESSAGE_BYTES)])
    grpc.channel_ready_future(channel).result(timeout=120)
    stub = rpc.ProvingEngineStub(channel)

    start = time.monotonic()
    for c1, sector in sectors:
        with open(c1, "rb") as f:
            request = pb.SubmitProofRequest(
                request_id=f"sector-{sector}", proof_kind=pb.POREP_SEAL_COMMIT,
                registered_proof=registered, vanilla_proof=f.read(), sector_number=sector,
                miner_id=miner)
        stub.SubmitProof(request, timeout=120)
    ends = []
    for _, sector in sectors:
        result = stub.AwaitProof(pb.AwaitProofRequest(job_id=f"sector-{sector}"), timeout=900)
        if result.status != pb.AwaitProofResponse.COMPLETED:
            sys.exit(f"serve-sectors: sector {sector}: {pb.AwaitProofResponse.Status.Name(result.status)}"
                     f" {result.error_message}")
        ends.append(time.monotonic() - start)
        with open(f"{out_dir}/proof-{sector}.bin", "wb") as f:
            f.write(result.proof)
        print(f"serve-sectors: sector {sector} proved at {ends[-1]:.2f} s ({len(result.proof)} "
              f"bytes; synthesis {result.synthesis_ms} ms, GPU {result.gpu_compute_ms} ms, total "
              f"{result.total_ms} ms)", flush=True)
    steady = (ends[-1] - ends[0]) / (len(ends) - 1) if len(ends) > 1 else ends[0]
    print(f"serve-sectors: {len(ends)} sectors in {ends[-1]:.2f} s, steady state {steady:.2f} s "
          f"per sector")


if __name__ == "__main__":
    main(sys.argv)
