#!/usr/bin/env python3
"""The CLI's start-up and streaming figures, side by side with what a user would run instead.

  /usr/bin/python3 bench/cli.py [--runs 5] [--ports 10000] [--lines 100000] [--compare DIR] [--show-only]

Generates into a temporary folder: a 10,000-port `perfquery -x` dump (the format bench/parse.sh's
ParseBench writes: one `# Port extended counters: Lid L port P` block per port, 8 data and 14 error
counters) and 100,000 `classify --jsonl` lines (kernel/src/test/python/seed_reference.py --generate,
from the runbook seed in ../shared/seeds; that part is skipped on a bare clone). Then, each command
run --runs times (after one untimed run; ours and the baseline alternated run by run), the median
wall time and the median CPU time (user+sys of the process and its children) of:

  the floor: `java -Xshare:auto -cp DIR Hello`, and Hello with the launcher's flags and class path

  fabriclab --help, show and classify of a small bundled capture (target: 0.35 s or less)
  fabriclab show DUMP                vs  bench/show_perfquery.py DUMP          (target: 3x faster)
    (and the same with FABRICLAB_JAVA_OPTS=-Dfabriclab.threads=1: show's text formatted on one thread)
  fabriclab classify --jsonl < L     vs  the seed's classify() in Python (seed_reference.py)

--compare DIR also times the small commands, `show DUMP` and `classify --jsonl` of another built checkout DIR (e.g. a
detached worktree of main), alternated with ours run by run, for an A/B of two builds under the same load; --show-only, --small-only and
--jsonl-only time only those rows (combinable).

Output is discarded (written to /dev/null) by both sides. The machine should be quiet; the script
prints the load average so noisy figures can be recognised.
"""
import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FABRICLAB = os.path.join(ROOT, "fabriclab")
PY = sys.executable or "/usr/bin/python3"
JAVA_BIN = os.path.join(os.environ["JAVA_HOME"], "bin") if os.environ.get("JAVA_HOME") else ""  # as the launcher finds java
SEED = os.path.join(ROOT, "..", "shared", "seeds", "000_b540c9036d55a94f.txt")
DATA = ["PortXmitData", "PortRcvData", "PortXmitPkts", "PortRcvPkts", "PortUnicastXmitPkts", "PortUnicastRcvPkts",
        "PortMulticastXmitPkts", "PortMulticastRcvPkts"]
ERRORS = ["SymbolErrorCounter", "LinkErrorRecoveryCounter", "LinkDownedCounter", "PortRcvErrors", "PortRcvRemotePhysicalErrors",
          "PortRcvSwitchRelayErrors", "PortXmitDiscards", "PortXmitConstraintErrors", "PortRcvConstraintErrors",
          "LocalLinkIntegrityErrors", "ExcessiveBufferOverrunErrors", "VL15Dropped", "PortXmitWait", "QP1Dropped"]


def field(name, value):
    return name + ":" + "." * max(1, 32 - len(name)) + value + "\n"


def perfquery_dump(path, ports):
    rnd = random.Random(42)
    with open(path, "w") as f:
        for i in range(ports):
            lid, port = 2 + i // 40, 1 + i % 40
            f.write("# Port extended counters: Lid %d port %d (CapMask: 0x5300 CapMask2: 0x0000002)\n" % (lid, port))
            f.write(field("PortSelect", str(port)))
            f.write(field("CounterSelect", "0x0000"))
            for n in DATA:
                f.write(field(n, str(rnd.randrange(400_000_000_000_000))))
            f.write(field("CounterSelect2", "0x00000000"))
            for n in ERRORS:
                f.write(field(n, str(rnd.randrange(50))))


def once(cmd, stdin_path=None):
    """Wall and CPU seconds (user+sys of the process and its children) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    with open(stdin_path or os.devnull, "rb") as inp, open(os.devnull, "wb") as out:
        rc = subprocess.run(cmd, stdin=inp, stdout=out, stderr=subprocess.DEVNULL).returncode
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if rc not in (0, 2, 3, 4):
        raise SystemExit("%s exited %d" % (" ".join(cmd), rc))
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def timed(cmds, stdin_path=None, runs=5):
    """Median wall and CPU seconds of each command over `runs` runs (after one untimed run of each),
    the commands alternated run by run (A B A B ...) so a change in the machine's load hits both."""
    for cmd in cmds:
        once(cmd, stdin_path)
    walls, cpus = [[] for _ in cmds], [[] for _ in cmds]
    for _ in range(runs):
        for k, cmd in enumerate(cmds):
            w, c = once(cmd, stdin_path)
            walls[k].append(w)
            cpus[k].append(c)
    return [(statistics.median(w), statistics.median(c)) for w, c in zip(walls, cpus)]


def class_path():
    """The launcher's class path (the kernel jar, then kernel/target/lib/*.jar in order)."""
    target = os.path.join(ROOT, "kernel", "target")
    lib = os.path.join(target, "lib")
    return ":".join([os.path.join(target, "fabriclab-kernel.jar")] + [os.path.join(lib, j) for j in sorted(os.listdir(lib)) if j.endswith(".jar")])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--ports", type=int, default=10000)
    ap.add_argument("--lines", type=int, default=100000)
    ap.add_argument("--compare", metavar="DIR", help="also time DIR/fabriclab show DUMP (another built checkout), alternated")
    ap.add_argument("--show-only", action="store_true", help="only the show DUMP rows")
    ap.add_argument("--small-only", action="store_true", help="only the floor and the small commands")
    ap.add_argument("--jsonl-only", action="store_true", help="only the classify --jsonl rows")
    a = ap.parse_args()
    only = [k for k in ("show_only", "small_only", "jsonl_only") if getattr(a, k)]
    do_small, do_show, do_jsonl = [not only or k in only for k in ("small_only", "show_only", "jsonl_only")]
    subprocess.run([FABRICLAB, "--version"], check=True, stdout=subprocess.DEVNULL)  # builds and records the CDS archive if needed
    other = os.path.join(os.path.abspath(a.compare), "fabriclab") if a.compare else None
    if other:
        subprocess.run([other, "--version"], check=True, stdout=subprocess.DEVNULL)
    print("cpus %d, load average %.2f %.2f %.2f, %d runs each (medians)" % ((os.cpu_count() or 0,) + os.getloadavg() + (a.runs,)))
    rows = []
    with tempfile.TemporaryDirectory(prefix="fabriclab-bench-cli-") as tmp:
        # the floor: a JVM printing one line, with the JDK's default CDS archive, then with the
        # launcher's short-command flags and its class path in front of the class (every jar opened)
        with open(os.path.join(tmp, "Hello.java"), "w") as f:
            f.write('public class Hello { public static void main(String[] a) { System.out.println("hi"); } }\n')
        subprocess.run([os.path.join(JAVA_BIN, "javac"), "-d", tmp, os.path.join(tmp, "Hello.java")], check=True)
        short = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xshare:auto"]
        java = os.path.join(JAVA_BIN, "java")
        floor = [(None, None), (None, None)] if not do_small else timed([[java, "-Xshare:auto", "-cp", tmp, "Hello"], [java] + short + ["-cp", class_path() + ":" + tmp, "Hello"]],
                      runs=a.runs)
        rows.append(("floor: java -Xshare:auto -cp DIR Hello",) + floor[0] + (None, None, "JVM start, nothing loaded"))
        rows.append(("floor: Hello, short flags, CLI class path",) + floor[1] + (None, None, "+ %d jars" % class_path().count(":")))
        small = os.path.join(ROOT, "datasets", "ib-marginal-optic")
        for label, args in [] if not do_small else [("fabriclab --help", ["--help"]),
                            ("fabriclab show SMALL/before", ["show", small + "/before"]),
                            ("fabriclab classify SMALL", ["classify", "--fabric", "ib", "--bytes", "1e12",
                                                          "--before", small + "/before", "--after", small + "/after"])]:
            res = timed([[FABRICLAB] + args] + ([[other] + args] if other else []), runs=a.runs)
            (w, c) = res[0]
            rows.append((label, w, c, None, None, "target <= 0.35 s"))
            if other:
                rows.append(("  the same, --compare %s" % os.path.basename(os.path.abspath(a.compare)), res[1][0], res[1][1], None, None,
                             "ours/compare wall %.2fx, cpu %.2fx" % (w / res[1][0], c / res[1][1])))
        dump = os.path.join(tmp, "perfquery_x_%d.txt" % a.ports)
        if do_show:
            perfquery_dump(dump, a.ports)
            # the third: show on one thread (the perfquery read and the text are otherwise spread over every core)
            cmds = [[FABRICLAB, "show", dump], [PY, os.path.join(HERE, "show_perfquery.py"), dump],
                    ["env", "FABRICLAB_JAVA_OPTS=-Dfabriclab.threads=1", FABRICLAB, "show", dump]] + ([[other, "show", dump]] if other else [])
            res = timed(cmds, runs=a.runs)
            (w, c), (pw, pc), (w1, c1) = res[:3]
            rows.append(("show %d-port perfquery -x (%.1f MB)" % (a.ports, os.path.getsize(dump) / 1e6), w, c, pw, pc, "target >= 3x"))
            rows.append(("  the same, on one thread", w1, c1, pw, pc, "-Dfabriclab.threads=1"))
            if other:
                rows.append(("  the same, --compare %s" % os.path.basename(os.path.abspath(a.compare)), res[3][0], res[3][1], pw, pc,
                             "ours/compare wall %.2fx, cpu %.2fx" % (w / res[3][0], c / res[3][1])))
        if not do_jsonl:
            pass
        elif os.path.isfile(SEED):
            jl = os.path.join(tmp, "pairs.jsonl")
            ref = os.path.join(ROOT, "kernel", "src", "test", "python", "seed_reference.py")
            with open(jl, "w") as f:
                subprocess.run([PY, ref, SEED, "--generate", str(a.lines), "7"], stdout=f, check=True)
            res = timed([[FABRICLAB, "classify", "--jsonl"], [PY, ref, SEED]] + ([[other, "classify", "--jsonl"]] if other else []),
                        stdin_path=jl, runs=a.runs)
            (w, c), (pw, pc) = res[:2]
            rows.append(("classify --jsonl, %d lines (%.0f MB)" % (a.lines, os.path.getsize(jl) / 1e6), w, c, pw, pc, "target >= 3x"))
            if other:
                rows.append(("  the same, --compare %s" % os.path.basename(os.path.abspath(a.compare)), res[2][0], res[2][1], pw, pc,
                             "ours/compare wall %.2fx, cpu %.2fx" % (w / res[2][0], c / res[2][1])))
        else:
            rows.append(("classify --jsonl: skipped (%s not beside this checkout)" % SEED, None, None, None, None, ""))
    print("load average after: %.2f %.2f %.2f" % os.getloadavg())
    print("%-44s %10s %10s %10s %10s %8s  %s" % ("", "ours wall", "ours cpu", "py wall", "py cpu", "py/ours", ""))
    for label, w, c, pw, pc, note in [r for r in rows if r[1] is not None or do_small]:
        f = lambda v: "%9.3fs" % v if v is not None else "%10s" % "-"
        ratio = "%7.2fx" % (pw / w) if pw and w else "%8s" % "-"
        print("%-44s %10s %10s %10s %10s %8s  %s" % (label, f(w), f(c), f(pw), f(pc), ratio, note))
    print("(py/ours = python wall / fabriclab wall, process start included on both sides)")


if __name__ == "__main__":
    main()
