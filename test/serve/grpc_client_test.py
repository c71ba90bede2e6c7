"""`cuzk serve` driven by a gRPC client of another implementation: Python's grpcio, with stubs
generated at test time from src/serve/proto by protoc and grpc_python_plugin (Debian's
python3-grpcio, python3-protobuf, protobuf-compiler-grpc; run with /usr/bin/python3).

On a Unix socket in a temporary directory, on the CPU, with the 2 KiB test parameters (PoRep
and update) and C1 of the ctest fixtures: proofs through Prove and through SubmitProof/AwaitProof,
each checked by `cuzk verify`; an idempotent resubmission; priorities; a cancel while queued and
while proved; GetStatus and GetMetrics read; every bad request FAILED (or refused) with the daemon
answering after it; PreloadSRS/EvictSRS and a parameter file gone for one job; a bounded load from
several clients; one SnapDeals update of a `cuzk gen-update` input sent as curio sends it, checked
by `cuzk verify-update`, and one whose vanilla proofs do not verify; SIGTERM leaving no socket; a
stale socket replaced, a live one refused.

Usage: grpc_client_test.py --cuzk BIN --proto DIR --params DIR --update-params DIR --c1 FILE
                           --work DIR
"""

import argparse
import base64
import concurrent.futures
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback

MINER = 1000
SECTOR = 1  # the fixture C1's
PROOF_BYTES = 192  # one partition at 2 KiB
REGISTERED_2KIB_V1_1 = 5
UPDATE_SECTOR = 2
# RegisteredUpdateProof's numbers, as curio sends them (abi.RegisteredUpdateProof).
REGISTERED_UPDATE_PROOFS = {"StackedDrg2KiBV1": 0, "StackedDrg8MiBV1": 1,
                            "StackedDrg512MiBV1": 2, "StackedDrg32GiBV1": 3,
                            "StackedDrg64GiBV1": 4}
LOAD_CLIENTS = 8

checks = {"passed": 0, "failed": 0}


def check(condition, what):
    if condition:
        checks["passed"] += 1
    else:
        checks["failed"] += 1
        print("FAILED: " + what, flush=True)


def generate_stubs(proto_dir, out_dir):
    subprocess.run(
        ["protoc", "-I", proto_dir, "--python_out=" + out_dir, "--grpc_python_out=" + out_dir,
         "--plugin=protoc-gen-grpc_python=/usr/bin/grpc_python_plugin", "cuzk/v1/proving.proto"],
        check=True)
    sys.path.insert(0, out_dir)


class Daemon:
    """`cuzk serve` on a Unix socket, its stderr in a file."""

    def __init__(self, cuzk, socket_path, params_dir, log_path):
        self.socket_path = socket_path
        self.log_path = log_path
        self.log = open(log_path, "w")
        self.process = subprocess.Popen(
            [cuzk, "serve", "--listen", "unix://" + socket_path, "--params-dir", params_dir,
             "--backend", "cpu", "-v"],
            stdout=self.log, stderr=subprocess.STDOUT)

    def channel(self):
        channel = grpc.insecure_channel("unix://" + self.socket_path)
        grpc.channel_ready_future(channel).result(timeout=60)
        return channel

    def stop(self, sig=signal.SIGTERM, timeout=120):
        self.process.send_signal(sig)
        code = self.process.wait(timeout=timeout)
        self.log.close()
        return code

    def log_text(self):
        with open(self.log_path) as f:
            return f.read()


def porep_request(pb, request_id, c1, sector=SECTOR, priority=None, **fields):
    r = pb.SubmitProofRequest(
        request_id=request_id, proof_kind=pb.POREP_SEAL_COMMIT, sector_size=2048,
        registered_proof=REGISTERED_2KIB_V1_1, vanilla_proof=c1, sector_number=sector,
        miner_id=MINER, priority=priority if priority is not None else pb.NORMAL)
    for name, value in fields.items():
        setattr(r, name, value)
    return r


class Verifier:
    """Every proof checked by `cuzk verify`, in a pool beside the requests."""

    def __init__(self, args, work):
        self.args = args
        self.work = work
        self.count = 0
        self.lock = threading.Lock()
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=2)
        self.pending = []

    def submit(self, proof, what, sector=SECTOR):
        with self.lock:
            self.count += 1
            path = os.path.join(self.work, "proof-%d.bin" % self.count)
        with open(path, "wb") as f:
            f.write(proof)
        self.pending.append(self.pool.submit(self._verify, path, what, sector))

    def _verify(self, path, what, sector):
        out = subprocess.run(
            [self.args.cuzk, "verify", "--c1", self.args.c1, "--proof", path, "--miner-id",
             str(MINER), "--sector-id", str(sector), "--params-dir", self.args.params],
            capture_output=True, text=True)
        check(out.returncode == 0 and out.stdout.strip() == "valid",
              "%s: cuzk verify says %r %r" % (what, out.stdout, out.stderr))

    def finish(self):
        for f in self.pending:
            f.result()
        self.pool.shutdown()
        return self.count


def completed(pb, result, what):
    check(result.status == pb.AwaitProofResponse.COMPLETED,
          "%s: status %s, error %r" % (what, result.status, result.error_message))
    check(len(result.proof) == PROOF_BYTES, "%s: %d proof bytes" % (what, len(result.proof)))
    return result.proof


def failed(pb, stub, request, expected, what):
    """A bad request: answered FAILED with its one-line reason, through Prove."""
    result = stub.Prove(pb.ProveRequest(submit=request), timeout=120).result
    check(result.status == pb.AwaitProofResponse.FAILED,
          "%s: status %s (%r)" % (what, result.status, result.error_message))
    check(expected in result.error_message and "\n" not in result.error_message,
          "%s: error %r lacks %r" % (what, result.error_message, expected))
    check(len(result.proof) == 0, what + ": a proof with a failure")


def wait_until(predicate, what, seconds=60):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    check(False, "timed out waiting for " + what)
    return False


def test_proofs_and_queue(pb, stub, c1, verifier):
    """Prove, then SubmitProof/AwaitProof; while the prover is busy with the second: priorities,
    an await's timeout, a cancel while queued, an id in use, and the requests refused at once.
    Then the same request sent again: the same job and proof."""
    status = stub.GetStatus(pb.GetStatusRequest(), timeout=10)
    check(len(status.loaded_srs) == 0, "no parameters before the first job")
    check(status.total_proofs_completed == 0, "no proof before the first job")

    proof = completed(pb, stub.Prove(pb.ProveRequest(submit=porep_request(pb, "prove-1", c1)),
                                     timeout=900).result, "Prove")
    verifier.submit(proof, "Prove")

    submitted = stub.SubmitProof(porep_request(pb, "submit-1", c1), timeout=60)
    check(submitted.job_id == "submit-1", "SubmitProof's job_id is the request_id")
    wait_until(lambda: stub.GetStatus(pb.GetStatusRequest(), timeout=10).queues[0].in_progress
               == 1, "submit-1 to run")

    # Queued behind it (their C1s are garbage: they fail at once when their turn comes).
    low = stub.SubmitProof(porep_request(pb, "low", b"x", priority=pb.LOW), timeout=60)
    high = stub.SubmitProof(porep_request(pb, "high", b"y", priority=pb.HIGH), timeout=60)
    check(low.queue_position == 0 and high.queue_position == 0,
          "HIGH goes ahead of LOW: %d, %d" % (low.queue_position, high.queue_position))
    again = stub.SubmitProof(porep_request(pb, "low", b"x", priority=pb.LOW), timeout=60)
    check(again.job_id == "low" and again.queue_position == 1,
          "LOW is now behind HIGH: %d" % again.queue_position)

    doomed = stub.SubmitProof(porep_request(pb, "doomed", c1, priority=pb.LOW), timeout=60)
    timed_out = stub.AwaitProof(pb.AwaitProofRequest(job_id="doomed", timeout_ms=200), timeout=60)
    check(timed_out.status == pb.AwaitProofResponse.TIMEOUT, "AwaitProof's timeout: TIMEOUT")
    cancelled = stub.CancelProof(pb.CancelProofRequest(job_id=doomed.job_id), timeout=10)
    check(not cancelled.was_running, "the queued job was not running")
    result = stub.AwaitProof(pb.AwaitProofRequest(job_id="doomed"), timeout=60)
    check(result.status == pb.AwaitProofResponse.CANCELLED, "cancelled while queued: CANCELLED")

    # Another request under a live job's id is refused, not confused with it.
    stub.SubmitProof(porep_request(pb, "conflict", c1), timeout=60)
    try:
        stub.SubmitProof(porep_request(pb, "conflict", c1, sector=SECTOR + 5), timeout=60)
        check(False, "another request under a live id was accepted")
    except grpc.RpcError as e:
        check(e.code() == grpc.StatusCode.ALREADY_EXISTS, "id conflict: %s" % e.code())
    stub.CancelProof(pb.CancelProofRequest(job_id="conflict"), timeout=10)

    # Refused at once, while the prover is busy.
    started = time.monotonic()
    refused_at_submit(pb, stub, c1)
    check(time.monotonic() - started < 30, "the refusals did not wait for the prover")
    check(stub.GetStatus(pb.GetStatusRequest(), timeout=10).queues[0].in_progress == 1,
          "submit-1 still being proved during the refusals (the test's premise)")

    result = stub.AwaitProof(pb.AwaitProofRequest(job_id="submit-1"), timeout=900)
    first = completed(pb, result, "SubmitProof/AwaitProof")
    check(result.total_ms >= result.queue_wait_ms, "total_ms covers the queue's wait")
    verifier.submit(first, "SubmitProof/AwaitProof")
    for job in ("high", "low"):
        r = stub.AwaitProof(pb.AwaitProofRequest(job_id=job), timeout=60)
        check(r.status == pb.AwaitProofResponse.FAILED, job + ": a garbage C1 fails")

    # The same request again: the same job, the same proof, not a second proof.
    again = stub.SubmitProof(porep_request(pb, "submit-1", c1), timeout=60)
    check(again.job_id == "submit-1", "resubmission: the same job")
    repeated = stub.Prove(pb.ProveRequest(submit=porep_request(pb, "submit-1", c1)), timeout=60)
    check(repeated.result.proof == first, "resubmission through Prove: the same proof bytes")
    status = stub.GetStatus(pb.GetStatusRequest(), timeout=10)
    check(status.total_proofs_completed == 2, "two proofs made, not three or four: %d"
          % status.total_proofs_completed)


def test_unknown_job(pb, stub):
    for call, request in ((stub.AwaitProof, pb.AwaitProofRequest(job_id="nobody")),
                          (stub.CancelProof, pb.CancelProofRequest(job_id="nobody"))):
        try:
            call(request, timeout=10)
            check(False, "an unknown job id answered OK")
        except grpc.RpcError as e:
            check(e.code() == grpc.StatusCode.NOT_FOUND, "unknown job id: %s" % e.code())
    try:
        stub.Prove(pb.ProveRequest(), timeout=10)
        check(False, "a ProveRequest without submit was accepted")
    except grpc.RpcError as e:
        check(e.code() == grpc.StatusCode.INVALID_ARGUMENT, "no submit: %s" % e.code())


REFUSED_AT_SUBMIT = 8
FAILED_BY_PROVER = 5
UPDATE_FAILED = 1  # test_update's request whose vanilla proofs do not verify


def refused_at_submit(pb, stub, c1):
    failed(pb, stub, pb.SubmitProofRequest(request_id="kind-0", vanilla_proof=c1),
           "proof_kind 0 is not a proof kind", "PROOF_KIND_UNSPECIFIED")
    failed(pb, stub, porep_request(pb, "kind-99", c1, proof_kind=99),
           "proof_kind 99 is not a proof kind", "an unknown proof kind")
    for kind, name in ((pb.WINDOW_POST_PARTITION, "WINDOW_POST_PARTITION"),
                       (pb.WINNING_POST, "WINNING_POST")):
        request = pb.SubmitProofRequest(request_id="kind-" + name, proof_kind=kind,
                                        vanilla_proofs=[b"x"], randomness=b"\0" * 32)
        failed(pb, stub, request, name + " is not supported", name)
    request = pb.SubmitProofRequest(request_id="snap-no-commitments",
                                    proof_kind=pb.SNAP_DEALS_UPDATE, vanilla_proofs=[b"x"])
    failed(pb, stub, request, "comm_r_old: is 0 bytes, expected 32",
           "a SnapDeals request without its commitments")
    failed(pb, stub, porep_request(pb, "empty", b""), "vanilla_proof is empty", "no C1")
    failed(pb, stub, porep_request(pb, "size", c1, sector_size=34359738368),
           "sector_size 34359738368 does not match", "a sector size that does not match")
    failed(pb, stub, porep_request(pb, "proof-99", c1, registered_proof=99),
           "registered_proof 99 is not a registered seal proof", "an unknown registered proof")


def failed_by_prover(pb, stub, c1):
    failed(pb, stub, porep_request(pb, "garbage", b"\x00\xffgarbage{"), "vanilla_proof: ",
           "a garbage vanilla proof")
    failed(pb, stub, porep_request(pb, "truncated", c1[: len(c1) // 2]), "vanilla_proof: ",
           "a truncated C1")
    failed(pb, stub, porep_request(pb, "proof-32g", c1, sector_size=0, registered_proof=8),
           "not the StackedDrg32GiBV1_1 the job names", "a C1 of another registered proof")
    failed(pb, stub, porep_request(pb, "other-sector", c1, sector=SECTOR + 1),
           "sealed for another miner or sector", "another sector's C1")
    # 70 MB: above gRPC's 4 MiB default, below the 128 MiB the daemon reads.
    failed(pb, stub, porep_request(pb, "big", b"{" + b" " * (70 << 20)), "vanilla_proof: ",
           "a 70 MB malformed C1")


def test_cancel_running(pb, stub, c1):
    """A cancel that reaches the job the prover holds (during its synthesis: on the CPU a proof
    whose MSMs have started is finished, then dropped). True when it did; a proof that ended
    first counts as proved instead."""
    stub.SubmitProof(porep_request(pb, "running", c1), timeout=60)
    wait_until(lambda: stub.GetStatus(pb.GetStatusRequest(), timeout=10).queues[0].in_progress
               == 1, "the job to run")
    cancelled = stub.CancelProof(pb.CancelProofRequest(job_id="running"), timeout=10)
    result = stub.AwaitProof(pb.AwaitProofRequest(job_id="running"), timeout=60)
    if cancelled.was_running:
        check(result.status == pb.AwaitProofResponse.CANCELLED, "cancelled while proved")
    wait_until(lambda: stub.GetStatus(pb.GetStatusRequest(), timeout=10).queues[0].in_progress
               == 0, "the prover to let the cancelled job go", seconds=600)
    return cancelled.was_running


def test_parameters(pb, stub, c1, params_link):
    """PreloadSRS and EvictSRS; a parameter file gone fails that job alone."""
    for circuit, code in (("wpost-32g", grpc.StatusCode.UNIMPLEMENTED),
                          ("porep-3k", grpc.StatusCode.INVALID_ARGUMENT),
                          ("snap-16g", grpc.StatusCode.INVALID_ARGUMENT)):
        try:
            stub.PreloadSRS(pb.PreloadSrsRequest(circuit_id=circuit), timeout=10)
            check(False, "PreloadSRS %s answered OK" % circuit)
        except grpc.RpcError as e:
            check(e.code() == code, "PreloadSRS %s: %s" % (circuit, e.code()))
    check(stub.PreloadSRS(pb.PreloadSrsRequest(circuit_id="porep-2k"), timeout=60).already_loaded,
          "porep-2k is loaded after the proofs")
    evicted = stub.EvictSRS(pb.EvictSrsRequest(circuit_id="porep-2k"), timeout=60)
    check(evicted.was_loaded and evicted.freed_bytes > 0, "EvictSRS porep-2k: %s" % evicted)
    check(not stub.EvictSRS(pb.EvictSrsRequest(circuit_id="porep-2k"), timeout=60).was_loaded,
          "EvictSRS twice")
    check(len(stub.GetStatus(pb.GetStatusRequest(), timeout=10).loaded_srs) == 0, "evicted")

    params_file = [f for f in os.listdir(params_link)
                   if f.endswith(".params") and "stacked-proof-of-replication" in f]
    check(len(params_file) == 1, "one PoRep .params file in the fixture")
    aside = os.path.join(params_link, params_file[0])
    target = os.readlink(aside)
    os.remove(aside)
    failed(pb, stub, porep_request(pb, "no-params", c1), "missing parameters: ",
           "a missing parameter file")
    try:
        stub.PreloadSRS(pb.PreloadSrsRequest(circuit_id="porep-2k"), timeout=60)
        check(False, "PreloadSRS without the file answered OK")
    except grpc.RpcError as e:
        check(e.code() == grpc.StatusCode.FAILED_PRECONDITION and "missing parameters" in
              e.details(), "PreloadSRS without the file: %s %s" % (e.code(), e.details()))
    os.symlink(target, aside)
    loaded = stub.PreloadSRS(pb.PreloadSrsRequest(circuit_id="porep-2k"), timeout=120)
    check(not loaded.already_loaded, "PreloadSRS loads them again")
    status = stub.GetStatus(pb.GetStatusRequest(), timeout=10)
    check([s.circuit_id for s in status.loaded_srs] == ["porep-2k"], "porep-2k loaded again")
    check(all(s.tier == pb.SRSStatus.WARM and s.size_bytes > 0 for s in status.loaded_srs),
          "on the CPU the parameters are WARM, mapped: %s" % list(status.loaded_srs))


LOAD_IDS = ("load-a", "load-b")


def test_load(pb, channel, c1, verifier):
    """LOAD_CLIENTS clients at once, each asking for the same LOAD_IDS (half through Prove, half
    through SubmitProof/AwaitProof, at mixed priorities) and sending a bad request of its own:
    every answer there, each id proved once, every client given the same verified proof."""
    def client(n):
        stub = pb_grpc.ProvingEngineStub(channel)
        answers = []
        bad = stub.Prove(pb.ProveRequest(submit=porep_request(pb, "load-bad-%d" % n, b"[")),
                         timeout=900).result
        answers.append(("load-bad-%d" % n, bad))
        for j, job in enumerate(LOAD_IDS[n % 2:] + LOAD_IDS[:n % 2]):
            request = porep_request(pb, job, c1, priority=(pb.LOW, pb.NORMAL, pb.HIGH)[n % 3])
            if (n + j) % 2 == 0:
                result = stub.Prove(pb.ProveRequest(submit=request), timeout=900).result
            else:
                stub.SubmitProof(request, timeout=60)
                result = stub.AwaitProof(pb.AwaitProofRequest(job_id=job), timeout=900)
            answers.append((job, result))
        return answers

    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=LOAD_CLIENTS) as pool:
        answers = [a for f in [pool.submit(client, n) for n in range(LOAD_CLIENTS)]
                   for a in f.result()]
    seconds = time.monotonic() - start
    check(len(answers) == LOAD_CLIENTS * (1 + len(LOAD_IDS)), "every load request answered")
    proofs = {}
    for job, result in answers:
        if job.startswith("load-bad-"):
            check(result.status == pb.AwaitProofResponse.FAILED, job + ": FAILED")
            continue
        proofs.setdefault(job, set()).add(completed(pb, result, job))
    for job in LOAD_IDS:
        check(len(proofs.get(job, ())) == 1, "%s: one proof for every client" % job)
        for proof in proofs.get(job, ()):
            verifier.submit(proof, job)
    print("load: %d answers to %d clients in %.1f s" % (len(answers), LOAD_CLIENTS, seconds),
          flush=True)


def update_request(pb, request_id, update):
    """A SnapDeals request as curio fills one (lib/ffi/cuzk_funcs.go ProveUpdateCuzk) from an
    update input's fields: the RegisteredUpdateProof's number, one bincode partition proof per
    partition, the commitments as raw 32 bytes."""
    return pb.SubmitProofRequest(
        request_id=request_id, proof_kind=pb.SNAP_DEALS_UPDATE, sector_size=2048,
        registered_proof=REGISTERED_UPDATE_PROOFS[update["registered_proof"]],
        vanilla_proofs=[base64.b64decode(p) for p in update["partition_proofs"]],
        comm_r_old=bytes(update["comm_r_old"]), comm_r_new=bytes(update["comm_r_new"]),
        comm_d_new=bytes(update["comm_d_new"]), miner_id=MINER, sector_number=UPDATE_SECTOR,
        priority=pb.NORMAL)


def test_update(args, pb, stub, tmp):
    """One SnapDeals update of a `cuzk gen-update` input: its parameters preloaded by curio's
    circuit id, proved through SubmitProof/AwaitProof, the same request again answered with the
    same proof, and the proof checked by `cuzk verify-update`. Then the same partition proofs
    under another comm_r_new: well-formed, so queued, and FAILED by the prover's check."""
    update_path = os.path.join(tmp, "update.json")
    subprocess.run([args.cuzk, "gen-update", "--registered-update-proof", "StackedDrg2KiBV1",
                    "--miner-id", str(MINER), "--sector-id", str(UPDATE_SECTOR), "-o",
                    update_path], check=True, capture_output=True)
    with open(update_path) as f:
        update = json.load(f)

    loaded = stub.PreloadSRS(pb.PreloadSrsRequest(circuit_id="snap-2k"), timeout=120)
    check(not loaded.already_loaded, "PreloadSRS snap-2k loads the update parameters")
    status = stub.GetStatus(pb.GetStatusRequest(), timeout=10)
    check([s.circuit_id for s in status.loaded_srs] == ["snap-2k"],
          "snap-2k loaded: %s" % list(status.loaded_srs))

    request = update_request(pb, "snap-1000-2", update)
    submitted = stub.SubmitProof(request, timeout=60)
    check(submitted.job_id == "snap-1000-2", "the update's job_id is its request_id")
    result = stub.AwaitProof(pb.AwaitProofRequest(job_id="snap-1000-2"), timeout=900)
    proof = completed(pb, result, "the SnapDeals update")
    check(result.srs_load_ms == 0, "the update's parameters were preloaded: %d ms"
          % result.srs_load_ms)
    again = stub.Prove(pb.ProveRequest(submit=request), timeout=60).result
    check(again.status == pb.AwaitProofResponse.COMPLETED and again.proof == proof,
          "the same update request again gets its job's proof")

    proof_path = os.path.join(tmp, "update-proof.bin")
    with open(proof_path, "wb") as f:
        f.write(proof)
    out = subprocess.run([args.cuzk, "verify-update", "--proof", proof_path, "--update-input",
                          update_path, "--params-dir", args.update_params],
                         capture_output=True, text=True)
    check(out.returncode == 0 and out.stdout.strip() == "valid",
          "the update proof: cuzk verify-update says %r %r" % (out.stdout, out.stderr))

    wrong = update_request(pb, "snap-wrong", update)
    wrong.comm_r_new = bytes(update["comm_r_old"])
    failed(pb, stub, wrong, "the vanilla proofs fail the native check: ",
           "an update whose vanilla proofs are not of its commitments")


def metric(text, name):
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split(" ")[-1])
    return None


def test_status_and_metrics(pb, stub, proved, refused, cancelled):
    """After the PoRep proofs (`proved` of them) and test_update's one update proof."""
    status = stub.GetStatus(pb.GetStatusRequest(), timeout=10)
    check(status.total_proofs_completed == proved + 1,
          "GetStatus completed %d, expected %d" % (status.total_proofs_completed, proved + 1))
    check(status.total_proofs_failed == refused,
          "GetStatus failed %d, expected %d" % (status.total_proofs_failed, refused))
    check(status.uptime_seconds > 0, "uptime")
    check([q.proof_kind for q in status.queues] == ["porep-c2", "snap-update"] and
          all(q.pending == 0 and q.in_progress == 0 for q in status.queues),
          "the queues, empty: %s" % list(status.queues))
    text = stub.GetMetrics(pb.GetMetricsRequest(), timeout=10).prometheus_text
    for line in text.splitlines():
        check(line.startswith("# ") or line.startswith("cuzk_"), "metrics line %r" % line)
    check(metric(text, 'cuzk_proofs_total{kind="porep_c2",outcome="completed"}') == proved,
          "metrics: completed PoRep proofs")
    check(metric(text, 'cuzk_proofs_total{kind="porep_c2",outcome="cancelled"}') == cancelled,
          "metrics: cancelled PoRep jobs")
    check(metric(text, 'cuzk_proofs_total{kind="snap_update",outcome="completed"}') == 1,
          "metrics: the SnapDeals update")
    check(metric(text, 'cuzk_proofs_total{kind="snap_update",outcome="failed"}') ==
          1 + UPDATE_FAILED, "metrics: the SnapDeals refusal and the failed update")
    check(metric(text, "cuzk_proofs_completed_total") == proved + 1, "metrics: completed total")
    check(metric(text, "cuzk_proofs_failed_total") == refused, "metrics: failed total")
    check(metric(text, 'cuzk_phase_seconds_count{phase="prove"}') == proved + 1,
          "metrics: the prove phase's histogram counts every proof")
    check(metric(text, 'cuzk_phase_seconds_count{phase="load_update"}') == 1,
          "metrics: the update's input phase")
    check(metric(text, 'cuzk_phase_seconds_bucket{phase="total",le="+Inf"}') == proved + 1,
          "metrics: the total's +Inf bucket")
    check(metric(text, "cuzk_queue_depth") == 0, "metrics: queue depth")
    check(metric(text, 'cuzk_parameter_bytes{circuit_id="snap-2k"}') > 0, "metrics: parameters")


def test_sigterm(pb, daemon, c1):
    """SIGTERM with a job proved and one queued: both answered CANCELLED (or, for the first,
    COMPLETED if it ended first), the daemon exits 0, the socket file is gone."""
    channel = daemon.channel()
    stub = pb_grpc.ProvingEngineStub(channel)
    stub.SubmitProof(porep_request(pb, "last-1", c1), timeout=60)
    stub.SubmitProof(porep_request(pb, "last-2", c1), timeout=60)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        waiting = pool.submit(lambda: stub.AwaitProof(
            pb.AwaitProofRequest(job_id="last-2"), timeout=120))
        time.sleep(0.3)
        code = daemon.stop(signal.SIGTERM)
        result = waiting.result()
    check(code == 0, "exit status after SIGTERM: %d" % code)
    check(result.status == pb.AwaitProofResponse.CANCELLED and "shutting down" in
          result.error_message, "the queued job at SIGTERM: %s %r"
          % (result.status, result.error_message))
    check(not os.path.exists(daemon.socket_path), "the socket file is removed")
    channel.close()


def test_sockets(args, pb, tmp):
    """A live daemon's socket is refused to a second one; a dead one's is taken over."""
    path = os.path.join(tmp, "second.sock")
    first = Daemon(args.cuzk, path, args.params, os.path.join(tmp, "first.log"))
    first.channel().close()
    second = subprocess.run([args.cuzk, "serve", "--listen", "unix://" + path, "--params-dir",
                             args.params], capture_output=True, text=True, timeout=60)
    check(second.returncode == 1 and second.stderr.count("\n") == 1 and
          "another process is serving on this socket" in second.stderr,
          "a second daemon on a live socket: %d %r" % (second.returncode, second.stderr))
    first.stop(signal.SIGKILL)
    check(os.path.exists(path), "SIGKILL leaves the socket file")
    third = Daemon(args.cuzk, path, args.params, os.path.join(tmp, "third.log"))
    channel = third.channel()
    status = pb_grpc.ProvingEngineStub(channel).GetStatus(pb.GetStatusRequest(), timeout=10)
    check(status.total_proofs_completed == 0, "the stale socket is replaced by a live daemon")
    channel.close()
    check(third.stop() == 0 and not os.path.exists(path), "the third daemon stops cleanly")
    remote = subprocess.run([args.cuzk, "serve", "--listen", "0.0.0.0:0"], capture_output=True,
                            text=True, timeout=60)
    check(remote.returncode == 2 and "needs --allow-remote" in remote.stderr,
          "a non-local address without --allow-remote: %r" % remote.stderr)


def main():
    global grpc, pb_grpc
    parser = argparse.ArgumentParser()
    for option in ("--cuzk", "--proto", "--params", "--update-params", "--c1", "--work"):
        parser.add_argument(option, required=True)
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    generate_stubs(args.proto, args.work)
    import grpc
    from cuzk.v1 import proving_pb2 as pb
    from cuzk.v1 import proving_pb2_grpc as pb_grpc

    with open(args.c1, "rb") as f:
        c1 = f.read()
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="cuzk_serve_") as tmp:
        # The parameters, PoRep's and the update's, through links, so that one can be taken away
        # for a while.
        params_link = os.path.join(tmp, "params")
        os.mkdir(params_link)
        for params in (args.params, args.update_params):
            for name in os.listdir(params):
                os.symlink(os.path.join(os.path.abspath(params), name),
                           os.path.join(params_link, name))
        daemon = Daemon(args.cuzk, os.path.join(tmp, "cuzk.sock"), params_link,
                        os.path.join(tmp, "serve.log"))
        verifier = Verifier(args, tmp)
        try:
            channel = daemon.channel()
            stub = pb_grpc.ProvingEngineStub(channel)
            test_proofs_and_queue(pb, stub, c1, verifier)
            test_unknown_job(pb, stub)
            failed_by_prover(pb, stub, c1)
            reached = test_cancel_running(pb, stub, c1)
            test_parameters(pb, stub, c1, params_link)
            test_load(pb, channel, c1, verifier)
            test_update(args, pb, stub, tmp)
            proved = 2 + len(LOAD_IDS) + (0 if reached else 1)
            refused = (REFUSED_AT_SUBMIT + 2 + FAILED_BY_PROVER + 1 + LOAD_CLIENTS +
                       UPDATE_FAILED)
            test_status_and_metrics(pb, stub, proved, refused, cancelled=2 + (1 if reached else 0))
            channel.close()
            test_sigterm(pb, daemon, c1)
        except Exception:
            check(False, "the run stopped:\n" + traceback.format_exc())
        finally:
            if daemon.process.poll() is None:
                daemon.process.kill()
            verified = verifier.finish()
            if checks["failed"]:
                print("--- cuzk serve's log ---\n" + daemon.log_text(), flush=True)
        print("%d proofs verified by cuzk verify" % verified, flush=True)
        test_sockets(args, pb, tmp)
    print("serve test: %.1f s" % (time.monotonic() - start), flush=True)
    print("%d passed, %d failed" % (checks["passed"], checks["failed"]), flush=True)
    return 1 if checks["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
