#!/usr/bin/python3
"""Long DSL operations under the kernel's JVM flags, side by side with the same JVM's defaults.

Usage (from the repository root, after `mvn install`):
    /usr/bin/python3 bench/kernel_flags.py [--trials 3] [--ports 2000] [--days 30] [--dump-ports 10000]
                                          [--classify-ports 1000000] [--flags "..."]

Reads the kernel's flags from a kernelspec installed into a temporary prefix (`./fabriclab install
--prefix`, so exactly what Jupyter would run, class-data-sharing archive included) unless --flags
gives others, generates a history set (`./fabriclab datasets --history-ports --history-days`: the
2,000 x 30 default is 17.3M rows in history.csv.gz) and a --dump-ports perfquery -x -l dump, then,
alternating the two flag sets in each trial, times in a fresh JVM each (bench/KernelFlagsBench.java):
History.load + the congestion sweep, capture() of the dump, and the fleet classifier. Prints each
run, then per operation the median over trials of the first run and of the later runs, and the
ratio kernel flags / defaults (target <= 1.2).
"""
import argparse
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernel_bench import generate_perfquery  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CP = os.path.join(ROOT, "kernel", "target", "fabriclab-kernel.jar") + os.pathsep + os.path.join(ROOT, "kernel", "target", "lib", "*")


def run(flags, args):
    cmd = ["java"] + shlex.split(flags) + ["-Djava.awt.headless=true", "-cp", CP, os.path.join(ROOT, "bench", "KernelFlagsBench.java")] + args
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=1800)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed: {out.stderr[-2000:]}")
    res = {}
    for line in out.stdout.splitlines():
        m = re.match(r"@@op (\S+) (\d+) ([\d.]+)", line)
        if m:
            res.setdefault(m[1], []).append(float(m[3]))
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--trials", type=int, default=3)
    ap.add_argument("--ports", type=int, default=2000)
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--dump-ports", type=int, default=10_000)
    ap.add_argument("--classify-ports", type=int, default=1_000_000)
    ap.add_argument("--flags", help="JVM flags to test instead of the installed kernel's")
    ap.add_argument("--skip-history", action="store_true")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        flags = a.flags
        if flags is None:
            subprocess.run([os.path.join(ROOT, "fabriclab"), "install", "--prefix", tmp], check=True, stdout=subprocess.DEVNULL)
            spec = json.load(open(os.path.join(tmp, "share", "jupyter", "kernels", "fabriclab", "kernel.json")))
            flags = spec["env"]["FABRICLAB_JAVA_OPTS"]
        data = os.path.join(tmp, "data")
        ops = []
        if not a.skip_history:
            subprocess.run([os.path.join(ROOT, "fabriclab"), "datasets", "--out", data, "--history-ports", str(a.ports),
                            "--history-days", str(a.days)], check=True, stdout=subprocess.DEVNULL)
            ops.append(["history", os.path.join(data, "history"), "2"])
        dump = os.path.join(tmp, "perfquery_x_l.txt")
        generate_perfquery(dump, a.dump_ports)
        ops += [["parse", dump, "5"], ["classify", str(a.classify_ports), "5"]]
        sets = {"defaults": "", "kernel": flags}
        results = {}
        print(f"kernel flags: {flags}\nload average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores", flush=True)
        for t in range(a.trials):
            for name, f in sets.items():
                for op in ops:
                    r = run(f, op)
                    for k, v in r.items():
                        results.setdefault((name, k), []).append(v)
                        print(f"trial {t + 1} {name:8s} {k:14s} " + " ".join(f"{x:8.1f}" for x in v) + " ms", flush=True)
        print(f"\nsummary (median over {a.trials} trials; load average now {os.getloadavg()[0]:.2f})")
        for k in sorted({k for _, k in results}):
            d = results.get(("defaults", k), [])
            kf = results.get(("kernel", k), [])
            first = lambda rs: statistics.median(r[0] for r in rs)
            later = lambda rs: statistics.median(statistics.median(r[1:]) for r in rs) if len(rs[0]) > 1 else float("nan")
            print(f"  {k:14s} first run: defaults {first(d):8.1f} ms, kernel flags {first(kf):8.1f} ms ({first(kf) / first(d):.2f}x)"
                  f" | later runs: defaults {later(d):8.1f} ms, kernel flags {later(kf):8.1f} ms ({later(kf) / later(d):.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
