#!/usr/bin/env python3
"""One line summing up a GPU proving run from its --timings file, for the gpu-*-check scripts.

    run_summary.py PREFIX TIMINGS.json BEGAN ENDED LABEL [LIMIT]

BEGAN and ENDED are the run's wall-clock bounds in seconds (date +%s.%N); LIMIT, a
--gpu-memory-limit such as 24GiB, makes a measured peak GPU memory above it a failure (exit 1).
"""
import json
import re
import sys


def main(prefix, timings, began, ended, label, limit=""):
    t = json.load(open(timings))
    wall = float(ended) - float(began)
    totals = dict(t["totals"])
    gpu = [p["gpu_ms"] for p in t["partition_details"]]
    if limit:
        number, unit = re.fullmatch(r"(\d+)(GiB|MiB)", limit).groups()
        cap = int(number) << (30 if unit == "GiB" else 20)
        if totals["peak_gpu_bytes"] > cap:
            sys.exit(f"{prefix}: FAILED run {label}: peak GPU memory "
                     f"{totals['peak_gpu_bytes'] / 2**30:.2f} GiB over the {limit} limit")
    steady = gpu[1:] or gpu
    print(f"{prefix}: ok run {label}{' at ' + limit if limit else ''}: "
          f"{t['registered_proof']} wall {wall:.2f} s, "
          f"GPU per partition {min(steady) / 1000:.3f}-{max(steady) / 1000:.3f} s "
          f"(first {gpu[0] / 1000:.2f} s), GPU pass {totals['gpu_pass_s']:.2f} s, last GPU result "
          f"to proofs {totals['last_gpu_result_to_proofs_ms']:.0f} ms, peak host RSS "
          f"{totals['peak_host_rss_bytes'] / 2**30:.2f} GiB, peak GPU "
          f"{totals['peak_gpu_bytes'] / 2**30:.1f} GiB, {totals['h2d_bytes'] / 2**30:.1f} GiB to the "
          f"GPU, valid")


if __name__ == "__main__":
    if len(sys.argv) not in (6, 7):
        sys.exit(__doc__)
    main(*sys.argv[1:])
