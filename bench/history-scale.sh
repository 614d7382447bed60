#!/usr/bin/env bash
# Scale run: PORTS x DAYS of 5-minute samples (default 2,000 x 30 = 17.3M rows, some minutes; the issue's run is
# `bench/history-scale.sh 10000 90`, 259M rows, hours on 2 cores) from the project's generator,
# written as Parquet slices of 1,000 ports (engines' ScaleData) into a temp folder outside the repo, then the
# congestion sweep through DuckDB out of core (memory limit DUCKDB_MEM, default 4GB, spilling to a folder we
# watch) and Spark local[2] (driver heap SPARK_HEAP, default 6g). Prints time, peak RSS, peak spill disk,
# data size and the per-row costs; checks that both give the same 50-row table. Deletes the data unless KEEP=1.
# Usage: bench/history-scale.sh [ports] [days]     env: SCALE_DIR, ENGINES="duckdb spark", KEEP=1
set -euo pipefail
cd "$(dirname "$0")/.."
ports=${1:-2000}; days=${2:-30}
engines=${ENGINES:-"duckdb spark"}
root=$PWD
dir=${SCALE_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/fabriclab-history-scale.XXXXXX")}
if [ "${KEEP:-0}" != 1 ]; then trap 'rm -rf "$dir"' EXIT; fi
mkdir -p "$dir"
mvn -B -ntp -q install -DskipTests >&2
mvn -B -ntp -q -o dependency:build-classpath -pl engines -am -Dmdep.outputFile="$dir/cp.txt" -Dmdep.includeScope=test >/dev/null
cp="$root/engines/target/test-classes:$root/engines/target/classes:$root/dsl/target/classes:$(tr ':' '\n' < "$dir/cp.txt" | grep -v fabriclab-dsl | paste -sd:)"
opens="--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED"
data="$dir/d${ports}x${days}"
if [ ! -f "$data/labels.csv" ]; then
  echo "generating ${ports} x ${days} as Parquet slices into $data ..." >&2
  /usr/bin/time -f "generate+write %e s, peak RSS %M KB" java -Xmx8g -cp "$cp" org.fabriclab.bench.ScaleData "$data" "$ports" "$days" 1000 >&2
fi
rows=$(java -cp "$cp" org.fabriclab.bench.ScaleRows "$data" 2>/dev/null || echo 0)
echo "scale run: ${ports} ports x ${days} days, $rows rows in $(ls "$data"/*.parquet | wc -l) Parquet files, $(du -sh "$data" | cut -f1) on disk"
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GB RAM, $(df -h "$dir" | awk 'NR==2{print $4}') disk free; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

watch_du() { local d=$1 out=$2 max=0; while :; do s=$(du -sk "$d" 2>/dev/null | cut -f1); s=${s:-0}; [ "$s" -gt "$max" ] && max=$s && echo "$max" > "$out"; sleep 2; done; }
for e in $engines; do
  spill="$dir/spill-$e"; mkdir -p "$spill"; echo 0 > "$dir/spill-$e.max"
  watch_du "$spill" "$dir/spill-$e.max" & w=$!
  case $e in
    duckdb) /usr/bin/time -f "%e %M %U %S" -o "$dir/time-$e" java -Xmx1g -Dfabriclab.engine.memory_limit="${DUCKDB_MEM:-4GB}" \
              -Dfabriclab.engine.temp_directory="$spill" -cp "$cp" org.fabriclab.bench.HistoryLoadBench duckdb "$data/*.parquet" \
              "$data/labels.csv" "$dir/table-$e.csv" > "$dir/log-$e.txt" 2>&1 ;;
    spark) /usr/bin/time -f "%e %M %U %S" -o "$dir/time-$e" java $opens -Xmx"${SPARK_HEAP:-6g}" -Dfabriclab.engine.spark.local.dir="$spill" \
              -Dfabriclab.engine.spark.sql.shuffle.partitions=64 -cp "$cp" org.fabriclab.bench.HistoryLoadBench spark "$data/*.parquet" \
              "$data/labels.csv" "$dir/table-$e.csv" local[2] > "$dir/log-$e.txt" 2>&1 ;;
  esac
  kill $w 2>/dev/null || true; wait $w 2>/dev/null || true
  read -r secs kb us ss < "$dir/time-$e"
  sp=$(cat "$dir/spill-$e.max")
  awk -v e="$e" -v s="$secs" -v kb="$kb" -v sp="$sp" -v n="$rows" -v c="$(awk -v a="$us" -v b="$ss" 'BEGIN{print a + b}')" -v la="$(cut -d' ' -f1 /proc/loadavg)" \
    'BEGIN { printf "%-7s total %8.1f s  CPU %8.1f s  peak RSS %6.0f MB  peak spill %6.0f MB  %7.1f ns/row wall  %7.1f ns/row CPU  (load average %s)\n", e, s, c, kb / 1024, sp / 1024, s * 1e9 / n, c * 1e9 / n, la }'
  grep -m1 "^Sweep" "$dir/log-$e.txt" || { echo "$e failed:"; tail -20 "$dir/log-$e.txt"; }
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
set -- $engines
if [ $# -ge 2 ] && [ -f "$dir/table-$1.csv" ] && [ -f "$dir/table-$2.csv" ]; then
  if cmp -s "$dir/table-$1.csv" "$dir/table-$2.csv"; then echo "the same 50-row score table from $1 and $2: yes"; else echo "tables differ:"; diff "$dir/table-$1.csv" "$dir/table-$2.csv" | head; fi
fi
