"""The template notebooks (01-03) on incident folders, for .ci/checks.d/55-templates.sh.

  templates.py folders OUT           write incident folders in the layout `fabriclab collect` writes
                                     (OUT/collect-roce-storm: t0..t5 with timestamp.json; OUT/collect-ib-clean:
                                     before/after), one of node_exporter scrapes saved by curl
                                     (OUT/prometheus-ib-physical), and their expectations (OUT/NAME.expect.json)
  templates.py handmade OUT          bundled folders re-laid as a hand collection (PRE/POST or snap1/snap2, gzipped
                                     captures, a date file, stray files) with the bundled expectations
  templates.py public PUBLIC OUT      folders whose before/ is a real capture other people wrote (PUBLIC: ../shared/captures/public)
                                     and whose after/ is the same file with a fault's counters moved, with their expectations
  templates.py expect DATASET OUT    the expectation of a bundled folder, from its scenario.json
  templates.py inject NB OUT k=v...  a copy of NB with an injected parameters cell (papermill's rule), for nbconvert
  templates.py check NB EXPECT       an executed template: no error output, no stderr, at least one PNG chart,
                                     the verdict and deciding counters (or the reconciliation case) expected

The expectation: {"verdicts": {PORT: {"verdict": V, "detail": [...]}}, "case": "B2" or null}.
"""
import json
import os
import sys

import nbformat

T0 = 1767225600000
NETDEV = "ens1f0np0"


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def timestamp(d, i, step_ms):
    write(os.path.join(d, "timestamp.json"), json.dumps({"epoch_ms": T0 + i * step_ms, "monotonic_ns": (5000 + i * step_ms) * 1000000,
                                                         "duration_ms": 35, "boot_id": "ci-boot"}) + "\n")


def roce_snapshot(d, i, step_ms, storm):
    # a RoCE port (mlx5 names) where the host stops draining from t2 on: sent pause piles up and the watchdog fires
    hot = max(0, i - 1)
    eth = {
        "tx_bytes_phy": 2_000_000_000 * (i + 1), "rx_bytes_phy": 30_000_000 * (i + 1),
        "rx_discards_phy": 0, "tx_discards_phy": 0, "rx_prio3_buf_discard": 0, "rx_prio3_cong_discard": 0,
        "rx_prio3_pause": 40 * i, "rx_prio3_pause_duration": 120 * i,
        "tx_prio3_pause": 6000 * hot if storm else 0, "tx_prio3_pause_duration": 940_000 * hot if storm else 0,
        "tx_pause_storm_warning_events": hot if storm else 0, "tx_pause_storm_error_events": (hot // 2) if storm else 0,
    }
    write(os.path.join(d, f"ethtool-S.{NETDEV}.txt"), f"# ethtool -S {NETDEV}\nNIC statistics:\n"
          + "".join(f"     {k}: {v}\n" for k, v in eth.items()))
    hw = "/sys/class/infiniband/mlx5_0/ports/1/"
    sysfs = "".join(f"{hw}hw_counters/{k}:{v}\n" for k, v in
                    {"packet_seq_err": 3, "rnr_nak_retry_err": 0, "local_ack_timeout_err": 0, "rp_cnp_handled": 10 * i, "np_cnp_sent": 5 * i}.items())
    write(os.path.join(d, "sysfs.txt"), sysfs + f"{hw}link_layer:Ethernet\n{hw}state:4: ACTIVE\n")
    write(os.path.join(d, "rdma-link.json"), json.dumps([{"ifindex": 1, "ifname": "mlx5_0", "port": 1, "state": "ACTIVE",
                                                          "physical_state": "LINK_UP", "netdev": NETDEV, "netdev_index": 4}]) + "\n")
    timestamp(d, i, step_ms)


def ib_snapshot(d, i, step_ms):
    # an IB port that moved 400 GB and no error counter: clean
    p = "/sys/class/infiniband/mlx5_0/ports/1/"
    c = {"symbol_error": 2, "link_error_recovery": 0, "link_downed": 1, "port_rcv_errors": 0, "port_xmit_discards": 0,
         "port_xmit_wait": 1000 + 50 * i, "port_xmit_data_64": 1_000_000 + 100_000_000_000 * i, "port_rcv_data_64": 500 + 2_000_000 * i}
    hw = {"packet_seq_err": 0, "rnr_nak_retry_err": 0, "local_ack_timeout_err": 0}
    write(os.path.join(d, "sysfs.txt"), "".join(f"{p}counters/{k}:{v}\n" for k, v in c.items())
          + "".join(f"{p}hw_counters/{k}:{v}\n" for k, v in hw.items()) + f"{p}link_layer:InfiniBand\n{p}rate:200 Gb/sec (4X HDR)\n")
    timestamp(d, i, step_ms)


def node_scrape(d, symbol_errors, tx_bytes, clock_s):
    # a node_exporter scrape of mlx5_0 port 1 (its infiniband collector; data counters in bytes; its time collector's
    # node_time_seconds, the host's clock: the snapshot's time), saved by curl
    l = '{device="mlx5_0",port="1"}'
    c = {"link_downed_total": 0, "link_error_recovery_total": 0, "local_ack_timeout_errors_total": 0,
         "packet_sequence_errors_total": 0, "port_data_received_bytes_total": 8_000_000, "port_data_transmitted_bytes_total": tx_bytes,
         "port_discards_transmitted_total": 0, "port_errors_received_total": 0, "rnr_nak_retry_packets_received_total": 0,
         "symbol_error_total": symbol_errors}
    write(os.path.join(d, "metrics.prom"), "# HELP go_goroutines Number of goroutines that currently exist.\n# TYPE go_goroutines gauge\n"
          "go_goroutines 9\n" + f"node_time_seconds {clock_s:.9e}\n" + "".join(f"node_infiniband_{k}{l} {v}\n" for k, v in c.items()) + f"node_infiniband_state_id{l} 4\nnode_infiniband_rate_bytes_per_second{l} 2.5e+10\n")


def folders(out):
    prom = os.path.join(out, "prometheus-ib-physical")
    node_scrape(os.path.join(prom, "before"), 3, 4_000_000_000, T0 / 1000)
    node_scrape(os.path.join(prom, "after"), 90, 504_000_000_000, T0 / 1000 + 120)
    write(prom + ".expect.json", json.dumps({"verdicts": {"mlx5_0/1": {"verdict": "physical", "detail": ["SymbolErrorCounter"]}}, "case": None}))
    storm = os.path.join(out, "collect-roce-storm")
    for i in range(6):
        roce_snapshot(os.path.join(storm, f"t{i}"), i, 1000, True)
    write(storm + ".expect.json", json.dumps({"verdicts": {"mlx5_0/1": {"verdict": "pause-storm", "detail": ["tx_pause_storm_error_events"]}},
                                              "case": None}))
    clean = os.path.join(out, "collect-ib-clean")
    ib_snapshot(os.path.join(clean, "before"), 0, 10000)
    ib_snapshot(os.path.join(clean, "after"), 4, 10000)
    write(clean + ".expect.json", json.dumps({"verdicts": {"mlx5_0/1": {"verdict": "clean", "detail": []}}, "case": None}))


def handmade(out, datasets="datasets"):
    """Bundled folders re-laid as a hand collection (not collect's layout): other snapshot names, gzipped
    captures, a date output for the time, stray files beside the captures. The verdicts stay the bundled ones."""
    import gzip
    import shutil
    cases = [("handmade-ib-prepost-gz", "ib-marginal-optic", ("PRE", "POST"), True, ["notes.txt"]),
             ("handmade-roce-snapshots", "roce-pause-storm", ("snap1", "snap2"), False, ["screen.png", "empty.txt"])]
    for name, src, (b, a), gz, strays in cases:
        d = os.path.join(out, name)
        for side, new in (("before", b), ("after", a)):
            shutil.copytree(os.path.join(datasets, src, side), os.path.join(d, new))
            for f in sorted(os.listdir(os.path.join(d, new))):
                p = os.path.join(d, new, f)
                if gz:
                    with open(p, "rb") as i, gzip.open(p + ".gz", "wb") as o:
                        o.write(i.read())
                    os.remove(p)
            write(os.path.join(d, new, "date.txt"), "Thu Dec  3 11:59:%02d UTC 2026\n" % (3 if side == "before" else 33))
            for stray in strays:
                with open(os.path.join(d, new, stray), "wb") as o:
                    o.write({"notes.txt": b"ran ib_write_bw between the snapshots\n", "screen.png": b"\x89PNG\r\n\x1a\n\x00\x00",
                             "empty.txt": b""}[stray])
        expect(os.path.join(datasets, src), d + ".expect.json")


def bumped(text, moves):
    """text with each `name` counter line's value raised by moves[name] (ethtool's `name: N`, perfquery's `Name:....N`,
    only in the block of the first line holding `within` when a move names one)."""
    import re
    out = text
    for (name, within), inc in moves.items():
        start = out.index(within) if within else 0
        m = re.compile(r"(^[ \t]*" + re.escape(name) + r"[:.]+[ \t]*)(\d+)", re.M).search(out, start)
        if m is None:
            raise SystemExit(f"templates.py public: no counter {name} after {within!r}")
        out = out[:m.start(2)] + str(int(m.group(2)) + inc) + out[m.end(2):]
    return out


def public(src, out):
    """Real captures as the before/ of an incident folder (Intel E810 ice ethtool -S from isc-projects/ethq; a 2-port HCA's
    perfquery -x from treydock's infiniband_exporter tests), the after/ the same text with a fault's counters moved: the
    templates then read layouts nobody wrote for them."""
    cases = [("public-ice-roce", "ethtool_S_ice_e810_intel_ethq.txt", "ethtool.txt",
              {("tx_bytes.nic", None): 50_000_000_000, ("rx_bytes.nic", None): 1_000_000_000, ("rx_priority_3_xoff.nic", None): 900_000},
              {"netdev ?": {"verdict": "congestion", "detail": ["rx_prio3_pause"]}}),
             ("public-ib-treydock", "perfquery_x_hca_2port_treydock.out", "perfquery-x.txt",
              {("SymbolErrorCounter", "Lid 1719 port 2"): 70, ("PortXmitData", "Lid 1719 port 2"): 250_000_000_000,
               ("PortXmitData", "Lid 1719 port 1"): 250_000_000_000},
              {"lid 1719/1": {"verdict": "clean", "detail": []}, "lid 1719/2": {"verdict": "physical", "detail": ["SymbolErrorCounter"]}})]
    for name, capture, as_name, moves, verdicts in cases:
        text = open(os.path.join(src, capture)).read()
        d = os.path.join(out, name)
        write(os.path.join(d, "before", as_name), text)
        write(os.path.join(d, "after", as_name), bumped(text, moves))
        write(d + ".expect.json", json.dumps({"verdicts": verdicts, "case": None}))


def expect(dataset, out):
    s = json.load(open(os.path.join(dataset, "scenario.json")))
    e = {"verdicts": {}, "case": s.get("expected_case")}
    want = s.get("expected", {}).get(s.get("profile", s.get("fabric")), {})
    for port, v in want.items():
        e["verdicts"][port] = {"verdict": v["verdict"], "detail": v.get("detail", [])}
    write(out, json.dumps(e))


def inject(nb_path, out, params):
    nb = nbformat.read(nb_path, as_version=4)
    types = {}
    idx = 0
    for i, c in enumerate(nb.cells):
        if "parameters" in c.get("metadata", {}).get("tags", []):
            idx = i + 1
            for line in c.source.splitlines():
                parts = line.split("=")[0].split()
                if len(parts) == 2:
                    types[parts[1]] = parts[0]
    lines = ["// Parameters injected by .ci/templates.py"]
    for kv in params:
        k, v = kv.split("=", 1)
        t = types.get(k, "String")
        lit = json.dumps(v) if t == "String" else v
        lines.append(f"{t} {k} = {lit};")
    cell = nbformat.v4.new_code_cell("\n".join(lines))
    cell.metadata["tags"] = ["injected-parameters"]
    nb.cells.insert(idx, cell)
    nbformat.write(nb, out)


def texts(o):
    out = []
    for key in ("text",):
        if key in o:
            out.append(o[key] if isinstance(o[key], str) else "".join(o[key]))
    for mime in ("text/plain", "text/html"):
        v = o.get("data", {}).get(mime)
        if v:
            out.append(v if isinstance(v, str) else "".join(v))
    return "\n".join(out)


def check(nb_path, expect_path):
    nb = nbformat.read(nb_path, as_version=4)
    e = json.load(open(expect_path))
    problems, pngs, all_text, verdicts = [], 0, [], None
    for i, c in enumerate(nb.cells, 1):
        for o in c.get("outputs", []):
            if o["output_type"] == "error":
                problems.append(f"cell {i}: error output {o.get('ename')}: {o.get('evalue', '')[:200]}")
            if o["output_type"] == "stream" and o.get("name") == "stderr":
                problems.append(f"cell {i}: stderr: {texts(o)[:200]}")
            if "image/png" in o.get("data", {}):
                pngs += 1
            j = o.get("data", {}).get("application/json")
            if isinstance(j, dict) and "verdicts" in j and "exit_code" in j and verdicts is None:
                verdicts = {v["port"]: v for v in j["verdicts"]}
            all_text.append(texts(o))
    text = "\n".join(all_text)
    if pngs == 0:
        problems.append("no chart (image/png output)")
    if verdicts is None:
        problems.append("no verdicts output (application/json of inc.verdicts())")
    else:
        for port, want in e["verdicts"].items():
            got = verdicts.get(port)
            if got is None:
                problems.append(f"{port}: no verdict (ports: {sorted(verdicts)})")
                continue
            if got["verdict"] != want["verdict"] or got["detail"] != want["detail"]:
                problems.append(f"{port}: verdict {got['verdict']} {got['detail']}, expected {want['verdict']} {want['detail']}")
            for counter in want["detail"]:
                if counter not in text:
                    problems.append(f"{port}: deciding counter {counter} not shown")
    if e.get("case"):
        if f"case {e['case']} " not in text:
            problems.append(f"reconciliation case {e['case']} not shown")
    name = os.path.basename(nb_path)
    if problems:
        print(f"templates: {name}: FAILED against {os.path.basename(expect_path)}")
        for p in problems:
            print("  " + p)
        return 1
    print(f"templates: {name}: ok ({pngs} charts; {', '.join(p + ' ' + v['verdict'] for p, v in (verdicts or {}).items())}"
          + (f"; case {e['case']}" if e.get("case") else "") + ")")
    return 0


if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "folders":
        folders(sys.argv[2])
    elif cmd == "handmade":
        handmade(sys.argv[2])
    elif cmd == "public":
        public(sys.argv[2], sys.argv[3])
    elif cmd == "expect":
        expect(sys.argv[2], sys.argv[3])
    elif cmd == "inject":
        inject(sys.argv[2], sys.argv[3], sys.argv[4:])
    elif cmd == "check":
        sys.exit(check(sys.argv[2], sys.argv[3]))
    else:
        sys.exit("usage: templates.py folders|expect|inject|check ...")
