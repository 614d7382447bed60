#!/usr/bin/python3
"""Kernel start-to-first-result and trivial-cell round trip: fabriclab vs Debian's ipykernel.

Usage (from the repository root, after `mvn install`):
    /usr/bin/python3 bench/kernel_bench.py [--cells 50] [--trials 3] [--no-cds] [--skip N]

Installs the fabriclab kernelspec (with its class-data-sharing archive unless --no-cds) into a
temporary prefix, then for each kernel and trial: starts it with jupyter_client, times start to
the first kernel_info_reply and to the first execute_reply of a trivial cell ("first result"), then times --cells trivial cells
(execute_request sent -> execute_reply and idle status received) and takes the median, and the
same for an empty cell (the protocol round trip without any compilation or evaluation).
Prints one line per trial and a summary with the targets (median <= 10 ms and <= 2x ipykernel;
first result <= 1.2 s). Exits 0 whatever the figures (it measures, it does not judge); 1 when a kernel failed every trial.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

from jupyter_client.manager import KernelManager

TRIVIAL = {"fabriclab": "1 + 1", "python3": "1 + 1"}


def wait_reply(kc, msg_id, timeout=60, need_idle=True):
    """Block until the execute_reply for msg_id and (need_idle) its idle status."""
    reply = None
    idle = False
    deadline = time.monotonic() + timeout
    while reply is None:
        m = kc.get_shell_msg(timeout=max(0.01, deadline - time.monotonic()))
        if m["parent_header"].get("msg_id") == msg_id:
            reply = m
    while need_idle and not idle:
        m = kc.get_iopub_msg(timeout=max(0.01, deadline - time.monotonic()))
        if (m["parent_header"].get("msg_id") == msg_id and m["msg_type"] == "status"
                and m["content"]["execution_state"] == "idle"):
            idle = True
    if reply["content"]["status"] != "ok":
        raise RuntimeError(f"cell failed: {reply['content']}")
    return reply


def trial(name, cells, skip=0):
    code = TRIVIAL[name]
    t0 = time.perf_counter()
    km = KernelManager(kernel_name=name)
    km.start_kernel()
    kc = km.client()
    kc.start_channels()
    try:
        info_id = kc.kernel_info()
        while kc.get_shell_msg(timeout=120)["parent_header"].get("msg_id") != info_id:
            pass
        info = time.perf_counter() - t0
        first_id = kc.execute(code)
        # the first cell: its execute_reply (iopub may still be connecting, so its status can be lost)
        wait_reply(kc, first_id, timeout=120, need_idle=False)
        first = time.perf_counter() - t0
        kc.wait_for_ready(timeout=60)  # iopub connected before the timed cells wait for idle status
        for _ in range(skip):  # untimed cells first (--skip): the figure for a kernel past its warm-up
            wait_reply(kc, kc.execute(code))
        times = []
        for _ in range(cells):
            s = time.perf_counter()
            wait_reply(kc, kc.execute(code))
            times.append((time.perf_counter() - s) * 1000)
        # an empty cell: the protocol round trip alone (no compile, no evaluation)
        empty = []
        for _ in range(cells):
            s = time.perf_counter()
            wait_reply(kc, kc.execute(""))
            empty.append((time.perf_counter() - s) * 1000)
        return info, first, statistics.median(times), statistics.median(empty)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=False)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cells", type=int, default=50)
    ap.add_argument("--trials", type=int, default=3)
    ap.add_argument("--no-cds", action="store_true")
    ap.add_argument("--skip", type=int, default=0, help="untimed trivial cells before the timed ones (0: time the first cells)")
    a = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with tempfile.TemporaryDirectory() as tmp:
        args = [os.path.join(root, "fabriclab"), "install", "--prefix", tmp] + (["--no-cds"] if a.no_cds else [])
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
        os.environ["JUPYTER_PATH"] = os.path.join(tmp, "share", "jupyter") + os.pathsep + "/usr/share/jupyter"
        os.environ["JUPYTER_RUNTIME_DIR"] = os.path.join(tmp, "runtime")
        results = {}
        for t in range(a.trials):
            for name in ("python3", "fabriclab"):
                try:
                    info, first, median, empty = trial(name, a.cells, a.skip)
                except Exception as e:  # a kernel that stalls is reported, not averaged in
                    print(f"trial {t + 1} {name:10s} FAILED: {type(e).__name__} {e}", flush=True)
                    continue
                results.setdefault(name, []).append((first, median, empty, info))
                print(f"trial {t + 1} {name:10s} kernel_info {info:6.3f} s   first result {first:6.3f} s   trivial cell median {median:6.2f} ms"
                      f"   empty cell median {empty:6.2f} ms", flush=True)
    print()
    print(f"summary over {a.trials} trials x {a.cells} cells{f' after {a.skip} untimed cells' if a.skip else ''} (median of trials), load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    summary = {}
    for name, rs in results.items():
        first = statistics.median(r[0] for r in rs)
        med = statistics.median(r[1] for r in rs)
        empty = statistics.median(r[2] for r in rs)
        info = statistics.median(r[3] for r in rs)
        summary[name] = (first, med)
        print(f"  {name:10s} kernel_info {info:6.3f} s   first result {first:6.3f} s   trivial cell median {med:6.2f} ms   empty cell (protocol only) {empty:6.2f} ms")
    if "fabriclab" not in summary or "python3" not in summary:
        print("  no complete comparison: a kernel failed every trial")
        return 1
    f, p = summary["fabriclab"], summary["python3"]
    print(f"  targets: trivial cell <= 10 ms: {'met' if f[1] <= 10 else 'MISSED'} ({f[1]:.2f} ms); "
          f"<= 2x ipykernel: {'met' if f[1] <= 2 * p[1] else 'MISSED'} ({f[1] / p[1]:.2f}x); "
          f"first result <= 1.2 s: {'met' if f[0] <= 1.2 else 'MISSED'} ({f[0]:.3f} s)")


if __name__ == "__main__":
    sys.exit(main())
