#!/usr/bin/env python3
"""`fabriclab show` of every public capture and `classify` of a small bundled dataset, timed.

  /usr/bin/python3 bench/cli_captures.py [--runs 5] [--compare DIR] [--only SUBSTRING]

Times `fabriclab show ENTRY` for every file and folder of ../shared/captures/public (relative to the
repository root; SOURCES.md left out; the rows are skipped when the folder is absent) and
`fabriclab classify` of datasets/ib-marginal-optic (as bench/cli.py's "classify SMALL"). Each command
is run once untimed, then --runs times; with --compare DIR (another built checkout, e.g. a base build
of main) ours and DIR's are alternated run by run, so a change in the machine's load hits both.
Printed per row: the median wall time and the median CPU time (user+sys of the process and its
children, getrusage) of ours, and with --compare DIR's medians and the ratios ours/DIR. The load
average is printed before and after: the target (issue 11: 0.35 s wall, process start included) is
only meaningful on a quiet machine; under load compare CPU and the ratios.
"""
import argparse
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli import FABRICLAB, ROOT, once  # noqa: E402  (the same timing as bench/cli.py)

PUBLIC = os.path.join(ROOT, "..", "shared", "captures", "public")
SMALL = os.path.join(ROOT, "datasets", "ib-marginal-optic")


def commands():
    """(label, arguments) of every timed command, public captures first."""
    out = []
    if os.path.isdir(PUBLIC):
        for name in sorted(os.listdir(PUBLIC)):
            if name == "SOURCES.md" or name.startswith("."):
                continue
            out.append(("show " + name, ["show", os.path.join(PUBLIC, name)]))
    else:
        print("(%s absent: the public captures are skipped)" % PUBLIC)
    out.append(("classify SMALL", ["classify", "--fabric", "ib", "--bytes", "1e12",
                                   "--before", SMALL + "/before", "--after", SMALL + "/after"]))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--compare", metavar="DIR", help="another built checkout, alternated with ours run by run")
    ap.add_argument("--only", metavar="SUBSTRING", action="append", help="only rows whose label contains it (repeatable)")
    a = ap.parse_args()
    launchers = [FABRICLAB] + ([os.path.join(os.path.abspath(a.compare), "fabriclab")] if a.compare else [])
    for launcher in launchers:  # builds and records the CDS archive if needed
        subprocess.run([launcher, "--version"], check=True, stdout=subprocess.DEVNULL)
    rows = [r for r in commands() if not a.only or any(s in r[0] for s in a.only)]
    print("cpus %d, load average %.2f %.2f %.2f, %d runs each (medians)" % ((os.cpu_count() or 0,) + os.getloadavg() + (a.runs,)))
    head = "%-62s %9s %9s" % ("command", "wall", "cpu")
    if a.compare:
        head += " %9s %9s %7s %7s" % ("cmp wall", "cmp cpu", "wall x", "cpu x")
    print(head)
    for label, args in rows:
        cmds = [[launcher] + args for launcher in launchers]
        for cmd in cmds:
            once(cmd)
        walls, cpus = [[] for _ in cmds], [[] for _ in cmds]
        for _ in range(a.runs):
            for k, cmd in enumerate(cmds):
                w, c = once(cmd)
                walls[k].append(w)
                cpus[k].append(c)
        med = [(statistics.median(w), statistics.median(c)) for w, c in zip(walls, cpus)]
        line = "%-62s %8.3fs %8.3fs" % (label[:62], med[0][0], med[0][1])
        if a.compare:
            line += " %8.3fs %8.3fs %6.2fx %6.2fx" % (med[1][0], med[1][1], med[0][0] / med[1][0], med[0][1] / med[1][1])
        print(line, flush=True)
    print("load average after: %.2f %.2f %.2f" % os.getloadavg())


if __name__ == "__main__":
    main()
