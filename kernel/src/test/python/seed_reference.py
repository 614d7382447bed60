#!/usr/bin/env python3
"""Runs the runbook's reference classifier, taken from the seed document at run time (not copied),
over JSON lines on stdin and prints one JSON line per input: the dict classify() returns, or
{"error": ...} where the reference raises (its no-traffic assertion, a bad line).

usage: seed_reference.py SEED_FILE < lines.jsonl
       seed_reference.py SEED_FILE --generate N SEED   (prints N random input lines)
"""
import json
import random
import sys


def load_reference(seed_path):
    text = open(seed_path, encoding="utf-8").read()
    start = text.index("# counter_delta.py")
    end = text.index("\nIB = {k: 0 for k in PROFILES[\"ib\"]}")
    ns = {}
    exec(compile(text[start:end], seed_path + ":counter_delta.py", "exec"), ns)
    return ns


def generate(ns, n, seed):
    rnd = random.Random(seed)
    profiles = ns["PROFILES"]
    out = []
    for _ in range(n):
        fabric = rnd.choice(["ib", "roce"])
        ctrs = profiles[fabric]
        if rnd.random() < 0.05:  # wrong namespace: graded against the other profile's counters
            ctrs = profiles["roce" if fabric == "ib" else "ib"]
        before, after = {}, {}
        for name, (layer, cap) in ctrs.items():
            top = cap if cap is not None else rnd.choice([2**32 - 1, 2**48, 2**62])
            b = rnd.choice([0, 0, 0, rnd.randrange(0, 1000), rnd.randrange(0, top)])
            kind = rnd.random()
            if kind < 0.55:
                a = b                                   # no delta
            elif kind < 0.70:
                a = min(top, b + rnd.randrange(1, 2000))  # small readable delta (may peg)
            elif kind < 0.78 and cap is not None:
                b = cap - 2 if rnd.random() < 0.5 else cap - 1
                a = cap - 1 if b == cap - 2 else cap    # one below the cap, or pegged
            elif kind < 0.84 and cap is not None:
                b = a = cap                             # pegged both sides
            elif kind < 0.90 and b > 0:
                a = rnd.randrange(0, b)                 # reset mid-test
            else:
                a = b + rnd.randrange(0, 3_000_000)     # congestion-sized delta
            before[name], after[name] = b, a
        for side in (before, after):                    # missing counters
            if rnd.random() < 0.06:
                side.pop(rnd.choice(sorted(side)))
        gb_choices = [10e9, 1e12, 1_000_000_000_000, rnd.randrange(1, 10**13), 1]
        nbytes = rnd.choice([0, -5]) if rnd.random() < 0.05 else rnd.choice(gb_choices)
        line = {"fabric": fabric, "bytes": nbytes, "before": before, "after": after}
        if rnd.random() < 0.5:
            line["cong_per_gb"] = rnd.choice([1000, 1000.0, 0.5, 250, 1e6])
        # congestion around the rate bar: delta exactly at, one below and one above bar * GB
        if rnd.random() < 0.2 and fabric == "roce" and "rx_prio3_pause" in after and "rx_prio3_pause" in before:
            bar = line.get("cong_per_gb", 1000)
            gb = 1e12 / 1e9
            line["bytes"] = 1e12
            before["rx_prio3_pause"] = 0
            after["rx_prio3_pause"] = int(bar * gb) + rnd.choice([-1, 0, 1])
            if after["rx_prio3_pause"] < 0:
                after["rx_prio3_pause"] = 0
        out.append(json.dumps(line))
    return out


def main():
    ns = load_reference(sys.argv[1])
    if len(sys.argv) > 2 and sys.argv[2] == "--generate":
        for line in generate(ns, int(sys.argv[3]), int(sys.argv[4])):
            print(line)
        return
    classify = ns["classify"]
    for raw in sys.stdin:
        if not raw.strip():
            continue
        try:
            d = json.loads(raw)
            r = classify(d["before"], d["after"], d["bytes"], d["fabric"], d.get("cong_per_gb", 1000.0))
            print(json.dumps(r))
        except AssertionError as e:
            print(json.dumps({"error": "assertion: " + str(e)}))
        except Exception as e:  # noqa: BLE001 - the reference's own failure, reported as an error line
            print(json.dumps({"error": type(e).__name__ + ": " + str(e)}))


if __name__ == "__main__":
    main()
