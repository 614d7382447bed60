#!/usr/bin/python3
"""The fabriclab kernel in a session, side by side with Debian's ipykernel.

Usage (from the repository root, after `mvn install`):
    /usr/bin/python3 bench/kernel_bench.py [--cells 300] [--identical 50] [--trials 3] [--no-cds]
                                           [--no-realistic | --realistic-only] [--ports 10000] [--pause 0] [--replay] [--replay-passes 3]
                                           [--flags "JVM flags to try instead of the installed ones"]
                                           [--compare OTHER_CHECKOUT] [--variant NAME=FLAGS ...]

Installs the fabriclab kernelspec (with its class-data-sharing archive unless --no-cds) into a
temporary prefix, then for each trial and kernel, in one fresh kernel each:
  * start to the first kernel_info_reply, and to the first execute_reply of a trivial cell ("first result");
  * --cells DISTINCT trivial cells ("N * 3 + 1", N = 1, 2, ...: every cell is new source, as in a real
    session): the median, the median of the first 50 and of the last 50 (growth), per-50 blocks;
  * --identical cells of the same source ("1 + 1"; the old figure, 0 skips it);
  * empty cells (the protocol round trip alone);
then, unless --no-realistic, in another fresh kernel (--pause S seconds after its first result, default 0), the
realistic first heavy cell: read a generated
--ports perfquery -x -l dump and sum PortXmitData per port (fabriclab: capture(); ipykernel: the
same with pandas, its import included, as a user's first cell would pay it).
--replay adds the notebook replay: every code cell of notebooks/*.ipynb in one fabriclab kernel (run
in notebooks/), --replay-passes times over, against the same cells run in one JVM through the
kernel's own Session without the wire (bench/NotebookReplay.java, the kernel's JVM flags); the
difference per cell is the kernel's overhead (ZMQ, JSON, signing, iopub).
--compare DIR also installs the (built) fabriclab checkout DIR, e.g. the main branch, as a third kernel
("fabriclab-<basename of DIR>") and measures it in every trial right after this checkout's, so an A/B of two builds
shares the machine's load; with --replay, DIR's notebooks are replayed too, right after this checkout's (wire and
in-process, DIR's own jars and harness). --variant NAME=FLAGS (repeatable) adds this checkout's kernel again with FLAGS
appended to its installed flags (kernel "fabriclab-NAME"), for a flag A/B in one run. CPU is the kernel process's user+system time (/proc/PID/stat, JIT and GC
threads included): per distinct cell, for the start to the first result, and for the heavy cell.
Prints one line per trial, then medians over trials with ratios to ipykernel. A round trip is
execute_request sent -> execute_reply and idle status received. Exits 0 whatever the figures (it
measures, it does not judge); 1 when a kernel failed every trial.
"""
import argparse
import glob
import json
import os
import random
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from jupyter_client.manager import KernelManager

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def wait_reply(kc, msg_id, timeout=120, need_idle=True, allow_error=False):
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
    if reply["content"]["status"] != "ok" and not allow_error:
        raise RuntimeError(f"cell failed: {reply['content']}")
    return reply


def cpu_ms(pid):
    """User+system CPU time of process pid so far, in ms (Linux /proc)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000.0 / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def timed(kc, code, **kw):
    s = time.perf_counter()
    wait_reply(kc, kc.execute(code), **kw)
    return (time.perf_counter() - s) * 1000


class Kernel:
    """A fresh kernel: started, first kernel_info and first trivial result timed."""

    def __init__(self, name, cwd=None):
        t0 = time.perf_counter()
        self.km = KernelManager(kernel_name=name)
        self.km.start_kernel(cwd=cwd) if cwd else self.km.start_kernel()
        self.kc = self.km.client()
        self.kc.start_channels()
        info_id = self.kc.kernel_info()
        while self.kc.get_shell_msg(timeout=120)["parent_header"].get("msg_id") != info_id:
            pass
        self.info = time.perf_counter() - t0
        first_id = self.kc.execute("1 + 1")
        # the first cell: its execute_reply (iopub may still be connecting, so its status can be lost)
        wait_reply(self.kc, first_id, need_idle=False)
        self.first = time.perf_counter() - t0
        self.kc.wait_for_ready(timeout=60)  # iopub connected before timed cells wait for idle status
        try:
            self.pid = self.km.provisioner.process.pid
        except AttributeError:
            self.pid = None
        self.first_cpu = self.cpu()

    def cpu(self):
        return cpu_ms(self.pid) if self.pid else float("nan")

    def close(self):
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=False)


def session_trial(name, cells, identical):
    k = Kernel(name)
    try:
        c0 = k.cpu()
        distinct = [timed(k.kc, f"{n} * 3 + 1") for n in range(1, cells + 1)]
        cpu_cell = (k.cpu() - c0) / max(1, cells)
        same = [timed(k.kc, "1 + 1") for _ in range(identical)]
        empty = [timed(k.kc, "") for _ in range(50)]
        return {"info": k.info, "first": k.first, "distinct": distinct, "same": same, "empty": empty,
                "first_cpu": k.first_cpu, "cpu_cell": cpu_cell}
    finally:
        k.close()


def generate_perfquery(path, ports):
    """The same layout as dsl ParseBench.generatePerfquery: 40-port switches, one block per port."""
    names = ["PortXmitData", "PortRcvData", "PortXmitPkts", "PortRcvPkts", "PortUnicastXmitPkts", "PortUnicastRcvPkts",
             "PortMulticastXmitPkts", "PortMulticastRcvPkts"]
    errors = ["SymbolErrorCounter", "LinkErrorRecoveryCounter", "LinkDownedCounter", "PortRcvErrors",
              "PortRcvRemotePhysicalErrors", "PortRcvSwitchRelayErrors", "PortXmitDiscards", "PortXmitConstraintErrors",
              "PortRcvConstraintErrors", "LocalLinkIntegrityErrors", "ExcessiveBufferOverrunErrors", "VL15Dropped",
              "PortXmitWait", "QP1Dropped"]
    rnd = random.Random(42)
    field = lambda n, v: (n + ":").ljust(33, ".") + str(v) + "\n"
    with open(path, "w") as w:
        for i in range(ports):
            lid, port = 2 + i // 40, 1 + i % 40
            w.write(f"# Port extended counters: Lid {lid} port {port} (CapMask: 0x5300 CapMask2: 0x0000002)\n")
            w.write(field("PortSelect", port) + field("CounterSelect", "0x0000"))
            for n in names:
                w.write(field(n, rnd.randrange(400_000_000_000_000)))
            w.write(field("CounterSelect2", "0x00000000"))
            for n in errors:
                w.write(field(n, rnd.randrange(50)))


REALISTIC = {
    "fabriclab": """var c = capture("{path}");
var xmit = new TreeMap<String, Long>();
for (var r : c.readings()) if (r.rawName().equals("PortXmitData")) xmit.merge(r.port(), r.value(), Long::sum);
xmit.size()""",
    "python3": """import re
import pandas as pd
rows, port = [], None
with open("{path}") as f:
    for line in f:
        if line.startswith("#"):
            m = re.search(r"Lid (\\d+) port (\\d+)", line)
            port = m[1] + ":" + m[2]
        elif line.startswith("PortXmitData:"):
            rows.append((port, int(line.rsplit(".", 1)[1])))
xmit = pd.DataFrame(rows, columns=["port", "PortXmitData"]).groupby("port")["PortXmitData"].sum()
len(xmit)""",
}


def realistic_trial(name, path, pause=0.0):
    k = Kernel(name)
    try:
        if pause > 0:
            time.sleep(pause)  # a user reading the notebook before the first real cell (the kernel's idle time)
        c0 = k.cpu()
        ms = timed(k.kc, REALISTIC["python3" if name == "python3" else "fabriclab"].replace("{path}", path))
        realistic_trial.first = (k.first, k.first_cpu)  # that kernel's start to its first result (wall s, CPU ms)
        return ms, k.cpu() - c0
    finally:
        k.close()


def code_cells(nb):
    for c in json.load(open(nb))["cells"]:
        if c["cell_type"] == "code":
            src = c["source"]
            yield "".join(src) if isinstance(src, list) else src


def replay(passes, jvm_flags, root=ROOT, kernel="fabriclab"):
    """Every code cell of root's notebooks, passes times, in one kernel over the wire and in one JVM in-process."""
    nbdir = os.path.join(root, "notebooks")
    notebooks = sorted(glob.glob(os.path.join(nbdir, "*.ipynb")))
    names = [os.path.basename(n) for n in notebooks]
    # over the wire: one kernel, in the notebooks' folder (as nbconvert runs it)
    k = Kernel(kernel, cwd=nbdir)
    wire = {}
    try:
        for p in range(1, passes + 1):
            for nb, name in zip(notebooks, names):
                for i, code in enumerate(code_cells(nb)):
                    wire[(p, name, i)] = timed(k.kc, code, timeout=600, allow_error=True)
    finally:
        k.close()
    # in-process: the kernel's Session in one JVM with the kernel's flags
    cp = os.path.join(root, "kernel", "target", "fabriclab-kernel.jar") + os.pathsep + os.path.join(root, "kernel", "target", "lib", "*")
    cmd = ["java", "--add-opens=jdk.jshell/jdk.jshell=ALL-UNNAMED"] + shlex.split(jvm_flags) + ["-Djava.awt.headless=true", "-cp", cp, os.path.join(root, "bench", "NotebookReplay.java"),
                                               str(passes)] + names
    out = subprocess.run(cmd, cwd=nbdir, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=3600)
    local = {}
    for line in out.stderr.splitlines():
        m = re.match(r"@@replay (\d+) (\S+) (\d+) ([\d.]+) (\w+)", line)
        if m:
            local[(int(m[1]), m[2], int(m[3]))] = float(m[4])
    return wire, local, names


def med(xs):
    return statistics.median(xs) if xs else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cells", type=int, default=300, help="distinct trivial cells per trial")
    ap.add_argument("--identical", type=int, default=50, help="identical cells ('1 + 1') after them (0: none)")
    ap.add_argument("--trials", type=int, default=3)
    ap.add_argument("--no-cds", action="store_true")
    ap.add_argument("--no-realistic", action="store_true", help="skip the capture()/pandas first heavy cell")
    ap.add_argument("--realistic-only", action="store_true",
                    help="only the realistic first heavy cell (no trivial-cell session), each kernel alternated per trial")
    ap.add_argument("--ports", type=int, default=10_000, help="ports in the generated perfquery dump")
    ap.add_argument("--pause", type=float, default=0.0,
                    help="seconds between the first result and the realistic heavy cell (default 0: right after it, "
                         "as 'Run all' does; e.g. 5: a user who reads before running, so the kernels' idle time counts)")
    ap.add_argument("--replay", action="store_true", help="also replay notebooks/*.ipynb (wire vs in-process)")
    ap.add_argument("--replay-passes", type=int, default=3)
    ap.add_argument("--flags", help="run the fabriclab kernel with these JVM flags instead of the installed ones (tuning)")
    ap.add_argument("--compare", metavar="DIR", help="also measure the built fabriclab checkout DIR (A/B in one run)")
    ap.add_argument("--variant", metavar="NAME=FLAGS", action="append", default=[],
                    help="also measure this checkout's kernel with FLAGS appended to its installed JVM flags, as kernel "
                         "fabriclab-NAME (repeatable; later -XX flags override earlier ones; the CDS archive is kept)")
    a = ap.parse_args()
    other = "fabriclab-" + os.path.basename(os.path.abspath(a.compare)) if a.compare else None
    variants = [v.split("=", 1) for v in a.variant]
    if any(len(v) != 2 or not re.fullmatch(r"[\w.-]+", v[0]) for v in variants):
        ap.error("--variant takes NAME=FLAGS")
    kernels = ("python3", "fabriclab") + ((other,) if other else ()) + tuple("fabriclab-" + n for n, _ in variants)
    with tempfile.TemporaryDirectory() as tmp:
        args = [os.path.join(ROOT, "fabriclab"), "install", "--prefix", tmp] + (["--no-cds"] if a.no_cds else [])
        installed = subprocess.run(args, check=True, stdout=subprocess.PIPE, text=True).stdout
        print(installed.strip())
        spec_file = os.path.join(tmp, "share", "jupyter", "kernels", "fabriclab", "kernel.json")
        spec = json.load(open(spec_file))
        if a.flags is not None:
            spec.setdefault("env", {})["FABRICLAB_JAVA_OPTS"] = a.flags
            json.dump(spec, open(spec_file, "w"), indent=1)
        flags = spec.get("env", {}).get("FABRICLAB_JAVA_OPTS", "")
        for vname, vflags in variants:
            vdir = os.path.join(tmp, "share", "jupyter", "kernels", "fabriclab-" + vname)
            shutil.copytree(os.path.dirname(spec_file), vdir)  # same launcher, directives and archive
            vspec = json.load(open(os.path.join(vdir, "kernel.json")))
            vspec["display_name"] = "fabriclab-" + vname
            vspec.setdefault("env", {})["FABRICLAB_JAVA_OPTS"] = flags + " " + vflags
            json.dump(vspec, open(os.path.join(vdir, "kernel.json"), "w"), indent=1)
            print(f"variant fabriclab-{vname}: installed flags + {vflags}")
        if other:
            otmp = os.path.join(tmp, "compare")
            subprocess.run([os.path.join(os.path.abspath(a.compare), "fabriclab"), "install", "--prefix", otmp]
                           + (["--no-cds"] if a.no_cds else []), check=True, stdout=subprocess.DEVNULL)
            odir = os.path.join(tmp, "share", "jupyter", "kernels", other)
            shutil.copytree(os.path.join(otmp, "share", "jupyter", "kernels", "fabriclab"), odir)  # its flags name files there
            ospec = json.load(open(os.path.join(odir, "kernel.json")))
            ospec["display_name"] = other
            if a.flags is not None:
                ospec.setdefault("env", {})["FABRICLAB_JAVA_OPTS"] = a.flags
            json.dump(ospec, open(os.path.join(odir, "kernel.json"), "w"), indent=1)
        os.environ["JUPYTER_PATH"] = os.path.join(tmp, "share", "jupyter") + os.pathsep + "/usr/share/jupyter"
        os.environ["JUPYTER_RUNTIME_DIR"] = os.path.join(tmp, "runtime")
        dump = os.path.join(tmp, "perfquery_x_l.txt")
        if not a.no_realistic:
            generate_perfquery(dump, a.ports)
        load0 = os.getloadavg()[0]
        res = {n: [] for n in kernels}
        heavy = {n: [] for n in kernels}
        heavy_cpu = {n: [] for n in kernels}
        first = {n: [] for n in kernels}
        if a.realistic_only:
            if a.no_realistic:
                ap.error("--realistic-only and --no-realistic exclude each other")
            for t in range(a.trials):
                for name in kernels:
                    try:
                        h, hc = realistic_trial(name, dump, a.pause)
                    except Exception as e:
                        print(f"trial {t + 1} {name:10s} realistic cell FAILED: {type(e).__name__} {e}", flush=True)
                        continue
                    heavy[name].append(h)
                    heavy_cpu[name].append(hc)
                    first[name].append(realistic_trial.first)
                    print(f"trial {t + 1} {name:16s} realistic first heavy cell ({a.ports} ports): {h:7.1f} ms (CPU {hc:7.1f} ms)"
                          f" | first result {realistic_trial.first[0]:6.3f} s (CPU {realistic_trial.first[1] / 1000:5.2f} s)"
                          f" | load {os.getloadavg()[0]:.1f}", flush=True)
            print()
            print(f"summary: median over {a.trials} trials; load average {load0:.2f} at start, {os.getloadavg()[0]:.2f} now, "
                  f"{os.cpu_count()} cores; heavy cell {a.pause:g} s after the first result; fabriclab JVM flags: {flags}")
            for name in kernels:
                if heavy[name]:
                    ratio = f" = {med(heavy[name]) / med(heavy['python3']):.2f}x ipykernel (target <= 1.0x)" \
                        if name != "python3" and heavy["python3"] else ""
                    print(f"  {name:16s} realistic heavy cell {med(heavy[name]):7.1f} ms (CPU {med(heavy_cpu[name]):7.1f} ms){ratio}"
                          f" | first result {med([f[0] for f in first[name]]):6.3f} s (CPU {med([f[1] for f in first[name]]) / 1000:5.2f} s)")
            return 0 if heavy["fabriclab"] else 1
        for t in range(a.trials):
            for name in kernels:
                try:
                    r = session_trial(name, a.cells, a.identical)
                except Exception as e:  # a kernel that stalls is reported, not averaged in
                    print(f"trial {t + 1} {name:10s} FAILED: {type(e).__name__} {e}", flush=True)
                    continue
                res[name].append(r)
                d = r["distinct"]
                blocks = " ".join(f"{med(d[i:i + 50]):.1f}" for i in range(0, len(d), 50))
                print(f"trial {t + 1} {name:10s} first result {r['first']:6.3f} s (CPU {r['first_cpu'] / 1000:5.2f} s) | {len(d)} distinct: "
                      f"median {med(d):6.2f} ms (CPU {r['cpu_cell']:5.2f} ms/cell), "
                      f"first 50 {med(d[:50]):6.2f}, last 50 {med(d[-50:]):6.2f} (blocks of 50: {blocks}) | identical {med(r['same']):6.2f} ms"
                      f" | empty {med(r['empty']):6.2f} ms | load {os.getloadavg()[0]:.1f}", flush=True)
                if not a.no_realistic:
                    try:
                        h, hc = realistic_trial(name, dump, a.pause)
                        heavy[name].append(h)
                        heavy_cpu[name].append(hc)
                        print(f"trial {t + 1} {name:10s} realistic first heavy cell ({a.ports} ports): {h:7.1f} ms (CPU {hc:7.1f} ms)", flush=True)
                    except Exception as e:
                        print(f"trial {t + 1} {name:10s} realistic cell FAILED: {type(e).__name__} {e}", flush=True)
        print()
        print(f"summary: median over {a.trials} trials; load average {load0:.2f} at start, {os.getloadavg()[0]:.2f} now, "
              f"{os.cpu_count()} cores; fabriclab JVM flags: {flags}")
        s = {}
        for name in kernels:
            rs = res[name]
            if not rs:
                continue
            s[name] = {
                "first": med([r["first"] for r in rs]),
                "distinct": med([med(r["distinct"]) for r in rs]),
                "first50": med([med(r["distinct"][:50]) for r in rs]),
                "last50": med([med(r["distinct"][-50:]) for r in rs]),
                "same": med([med(r["same"]) for r in rs]),
                "empty": med([med(r["empty"]) for r in rs]),
                "heavy": med(heavy[name]),
                "heavy_cpu": med(heavy_cpu[name]),
                "first_cpu": med([r["first_cpu"] for r in rs]),
                "cpu_cell": med([r["cpu_cell"] for r in rs]),
            }
            x = s[name]
            print(f"  {name:10s} first result {x['first']:6.3f} s | distinct median {x['distinct']:6.2f} ms (first 50 {x['first50']:6.2f}, "
                  f"last 50 {x['last50']:6.2f}) | identical {x['same']:6.2f} ms | empty {x['empty']:6.2f} ms | realistic heavy cell {x['heavy']:7.1f} ms")
            print(f"  {'':10s} CPU: to the first result {x['first_cpu'] / 1000:5.2f} s | per distinct cell {x['cpu_cell']:5.2f} ms | heavy cell {x['heavy_cpu']:7.1f} ms")
        if "fabriclab" not in s or "python3" not in s:
            print("  no complete comparison: a kernel failed every trial")
            return 1
        p = s["python3"]
        for fk in [k for k in kernels if k.startswith("fabriclab") and k in s]:
            f = s[fk]
            print(f"  {fk} / ipykernel: distinct median {f['distinct'] / p['distinct']:.2f}x (target <= 1.5x), identical "
                  f"{f['same'] / p['same']:.2f}x, empty {f['empty'] / p['empty']:.2f}x, realistic heavy cell {f['heavy'] / p['heavy']:.2f}x (target <= 1.0x)")
            print(f"  {fk} growth: last 50 / first 50 = {f['last50'] / f['first50']:.2f} (target <= 1.2); first result {f['first']:.3f} s")
        if a.replay:
            # this build, then the --compare build (its own notebooks, flags and in-process harness), one after the other
            runs = [("fabriclab", ROOT, flags)]
            if other:
                runs.append((other, os.path.abspath(a.compare), ospec.get("env", {}).get("FABRICLAB_JAVA_OPTS", "")))
            for kname, root, kflags in runs:
                wire, local, names = replay(a.replay_passes, kflags, root, kname)
                keys = [k for k in wire if k in local]
                print()
                print(f"notebook replay, {kname}: {len(names)} notebooks, {len(keys) // max(1, a.replay_passes)} code cells, "
                      f"{a.replay_passes} passes in one kernel (load average {os.getloadavg()[0]:.2f})")
                for p_ in range(1, a.replay_passes + 1):
                    ks = [k for k in keys if k[0] == p_]
                    over = [wire[k] - local[k] for k in ks]
                    print(f"  pass {p_}: over the wire {sum(wire[k] for k in ks) / 1000:7.2f} s, in-process (Session, same JVM flags) "
                          f"{sum(local[k] for k in ks) / 1000:7.2f} s; kernel overhead per cell: median {med(over):6.2f} ms")
                over = [wire[k] - local[k] for k in keys if k[0] > 1]
                print(f"  passes 2-{a.replay_passes}: overhead per cell median {med(over):.2f} ms, "
                      f"wire median {med([wire[k] for k in keys if k[0] > 1]):.2f} ms, in-process median {med([local[k] for k in keys if k[0] > 1]):.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
