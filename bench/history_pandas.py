#!/usr/bin/python3
"""The congestion sweep in pandas/NumPy, as a user would write it: the baseline of bench/history-load.sh.

Same rules as the Java engines: per port, consecutive samples make an interval; no value when a counter is
missing on either side, went down (reset/wrap), or no bytes moved, or when the samples are more than 1.5 steps
apart (the step: the most common interval, ties to the shorter). The four counters of the generated set have
no saturation value in the catalogue (64-bit), so no pegged test is needed here. Rate: max of the counters'
deltas per GB moved. Labels: intervals whose end sample lies in [start_ms, end_ms] of a congestion incident.

usage: history_pandas.py HISTORY.csv.gz LABELS.csv THRESHOLDS.csv OUT.csv
  THRESHOLDS.csv: the grid, first column (the table another engine wrote).
"""
import sys
import time

import numpy as np
import pandas as pd

COUNTERS = ["rx_prio3_pause", "rp_cnp_handled", "np_cnp_sent"]
BYTES = "tx_bytes_phy"


def main():
    hist, labels_path, th_path, out = sys.argv[1:5]
    th = pd.read_csv(th_path)["threshold"].to_numpy(dtype=np.float64)
    t0 = time.time()
    df = pd.read_csv(hist, usecols=["timestamp", "port", BYTES] + COUNTERS,
                     dtype={"timestamp": np.int64, "port": str, BYTES: np.float64,
                            **{c: np.float64 for c in COUNTERS}})
    t1 = time.time()
    t = df["timestamp"].to_numpy()
    codes, names = pd.factorize(df["port"], sort=False)
    same = np.zeros(len(t), dtype=bool)
    same[1:] = codes[1:] == codes[:-1]
    dt = np.zeros(len(t), dtype=np.int64)
    dt[1:] = t[1:] - t[:-1]
    vals, counts = np.unique(dt[same], return_counts=True)
    step = int(vals[np.argmax(counts)]) if len(vals) else 1
    gap = step + step // 2

    def before_after(col):
        v = df[col].to_numpy()
        b = np.full(len(v), np.nan)
        b[1:] = v[:-1]
        return b, v

    b0, b1 = before_after(BYTES)
    moved = b1 - b0
    with np.errstate(invalid="ignore", divide="ignore"):
        valid = same & (dt <= gap) & ~np.isnan(moved) & (moved > 0)
        gb = moved / 1e9
        rate = np.zeros(len(t))
        for c in COUNTERS:
            c0, c1 = before_after(c)
            d = c1 - c0
            valid &= ~np.isnan(d) & (d >= 0)
            rate = np.maximum(rate, d / gb)
    # labels: ports are contiguous blocks of rows
    lab = pd.read_csv(labels_path)
    lab = lab[lab["layer"] == "congestion"]
    index = {n: i for i, n in enumerate(names)}
    first = np.searchsorted(codes, np.arange(len(names)), side="left") if np.all(np.diff(codes) >= 0) else None
    if first is None:
        raise SystemExit("ports must be contiguous and in order of first appearance")
    last = np.append(first[1:], len(t))
    pos = np.zeros(len(t), dtype=bool)
    for port, s, e in zip(lab["port"], lab["start_ms"], lab["end_ms"]):
        p = index.get(port)
        if p is None:
            continue
        lo, hi = first[p], last[p]
        a = lo + np.searchsorted(t[lo:hi], s, side="left")
        z = lo + np.searchsorted(t[lo:hi], e, side="right")
        pos[a:z] = True
    bins = np.searchsorted(th, rate[valid], side="left")
    pv = pos[valid]
    hp = np.bincount(bins[pv], minlength=len(th) + 1)
    hn = np.bincount(bins[~pv], minlength=len(th) + 1)
    total_pos = int(hp.sum())
    t2 = time.time()
    lines = ["threshold,alerts,tp,fp,fn,precision,recall"]
    for i in range(len(th)):
        tp, fp = int(hp[i + 1:].sum()), int(hn[i + 1:].sum())
        precision = tp / (tp + fp) if tp + fp else float("nan")
        recall = tp / total_pos if total_pos else float("nan")
        lines.append("%s,%d,%d,%d,%d,%s,%s" % (fmt(th[i]), tp + fp, tp, fp, total_pos - tp, fmt(precision), fmt(recall)))
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("load=%.3f sweep=%.3f total=%.3f" % (t1 - t0, t2 - t1, t2 - t0))
    print("%d rows, %d intervals, %d measured, step %d ms" % (len(t), int(same.sum()), int(valid.sum()), step))


def fmt(x):
    return "NaN" if x != x else "%.12e" % x


if __name__ == "__main__":
    main()
