#!/usr/bin/env bash
# incident(dir) on a capture of a whole fabric, not one host: a before/after folder of `perfquery -x` over every switch
# port (PORTS ports; two gain symbol errors, one waits above the congestion bar, the rest are quiet), then
#   fabriclab classify DIR                                    (the CLI: one verdict per port)
#   fabriclab run notebooks/01-ib-incident.ipynb -p captures=DIR --html   (the template notebook, HTML export included)
# for each size, wall time and peak RSS, so time that grows faster than the ports shows side by side.
# Usage: bench/incident-scale.sh [PORTS...]        (default 500 1500 3000)
#        COMPARE=../other-checkout bench/incident-scale.sh 1500   (the same commands of another built checkout, alternated)
# Measured 2026-12-07: before the fix, notebook 01 on 1,500 ports did not finish in 10 minutes (a sort whose comparator
# searched every row, and every port graded against a delta of every port made again); README "Tests and benchmarks".
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(500 1500 3000)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fabriclab-incident-scale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
./fabriclab --help > /dev/null   # builds on first use, outside the timings
gen() {   # gen DIR PORTS
  /usr/bin/python3 - "$1" "$2" <<'EOF'
import os, sys
d, n = sys.argv[1], int(sys.argv[2])
for side in ("before", "after"):
    os.makedirs(os.path.join(d, side), exist_ok=True)
    with open(os.path.join(d, side, "perfquery.txt"), "w") as f:
        for i in range(n):
            lid, after = i + 2, side == "after"
            data = 1_000_000_000 * lid + (250_000_000 if after else 0)
            sym = 3 + (500 if after and lid in (7, 31) else 0)
            wait = 10 + (50_000_000 if after and lid == 20 else 0)
            f.write(f"# Port extended counters: Lid {lid} port 1 (CapMask: 0x5300 CapMask2: 0x0000002)\n"
                    "PortSelect:......................1\nCounterSelect:...................0x0000\n"
                    f"PortXmitData:....................{data}\nPortRcvData:.....................{data}\n"
                    f"PortXmitPkts:....................{data // 64}\nPortRcvPkts:.....................{data // 64}\n"
                    "CounterSelect2:..................0x00000000\n"
                    f"SymbolErrorCounter:..............{sym}\nLinkErrorRecoveryCounter:........0\n"
                    "LinkDownedCounter:...............1\nPortRcvErrors:...................0\nPortXmitDiscards:................0\n"
                    f"PortXmitWait:....................{wait}\n")
EOF
}
timed() {   # timed LABEL CMD...: prints "LABEL wall_s peak_MB exit"
  local label=$1; shift
  set +e
  /usr/bin/time -f "%e %M" -o "$tmp/time" "$@" > /dev/null 2> "$tmp/err"
  local rc=$?
  set -e
  read -r e m < <(tail -1 "$tmp/time")
  printf '%-44s %8s %8s %5s\n' "$label" "$e" "$((m / 1024))" "$rc"
}
echo "incident on a fabric-wide capture; $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-44s %8s %8s %5s\n' "command (ports)" "wall_s" "peak_MB" "exit"
for n in "${sizes[@]}"; do
  dir="$tmp/fabric-$n"; gen "$dir" "$n"
  for launcher in ./fabriclab ${COMPARE:+"$COMPARE/fabriclab"}; do
    tag=$([ "$launcher" = ./fabriclab ] && echo this || echo "$(basename "$COMPARE")")
    timed "classify ($n, $tag)" "$launcher" classify "$dir"
    timed "notebook 01 + html ($n, $tag)" "$launcher" run "$(dirname "$launcher")/notebooks/01-ib-incident.ipynb" -p captures="$dir" \
      -o "$tmp/out-$n.ipynb" --html "$tmp/out-$n.html"
  done
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
