#!/usr/bin/env bash
# History load + sweep benchmark, every engine side by side on the same generated file, each in its own
# process (its peak RSS is its own), each run RUNS times (median reported):
#   ours CSV.gz / Parquet (History.load into primitive columns + PrimitiveSweepEngine), under the kernel's JVM
#   flags (as InstallCommand writes them, read from the source) and under JVM defaults; ours-parquet-rule: kernel flags,
#   History.load(file, RateRule.congestion()) (only the columns the sweep reads); DuckDB JDBC over CSV.gz and
#   over Parquet (our DuckDB engine: the SQL sweep where the file lies); pandas (Debian python3-pandas); zcat.
# The 50-row score tables of all engines are compared at the end.
# Usage: bench/history-load.sh [ports] [days] [runs]     (defaults 500 30 3: 4.3M rows, a few minutes;
#        the issue's target sizes: 2000 30 (17.3M rows) and 2000 90 (51.8M rows, ENGINES="zcat ours-parquet ours-parquet-rule duckdb-parquet"))
#   columns: load/sweep/total are timed inside the process (JVM start excluded); cpu_s is the process's user+sys
#   (JVM start included; DuckDB's native threads included); peak_MB the process's peak RSS (JVM base included);
#   RSS/columns = peak RSS / the primitive columns' own size (rows x (8 + 4 + 8 x counters loaded: ours-parquet-rule
#   loads fewer)); loadRSS/cols the same
#   with the peak RSS once loaded, before the sweep; JVM_base_MB the RSS when the bench's main starts
#   ours-* load the engines module as the kernel does (EngineLoader from engines/target, -Dfabriclab.engines)
#   env: BENCH_DIR (data folder, default a temp folder outside the repo, deleted unless BENCH_KEEP=1),
#        ENGINES (default "zcat ours-csv ours-parquet ours-parquet-rule duckdb-csv duckdb-parquet pandas")
set -euo pipefail
cd "$(dirname "$0")/.."
ports=${1:-500}; days=${2:-30}; runs=${3:-3}
engines=${ENGINES:-"zcat ours-csv ours-parquet ours-parquet-rule duckdb-csv duckdb-parquet pandas"}
root=$PWD
dir=${BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/fabriclab-history-bench.XXXXXX")}
if [ -z "${BENCH_DIR:-}" ] && [ "${BENCH_KEEP:-0}" != 1 ]; then trap 'rm -rf "$dir"' EXIT; fi
mkdir -p "$dir"

mvn -B -ntp -q install -DskipTests >&2
cp_file="$dir/cp.txt"
# resolved in the reactor (not from ~/.m2, where another checkout's SNAPSHOT poms may sit); the last module written is engines
mvn -B -ntp -q -o dependency:build-classpath -pl engines -am -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=test >/dev/null
# the reactor's own classes first: ~/.m2 holds whatever SNAPSHOT another checkout installed last
cp="$root/engines/target/test-classes:$root/engines/target/classes:$root/dsl/target/classes:$(tr ':' '\n' < "$cp_file" | grep -v fabriclab-dsl | paste -sd:)"
# ours-*: the DSL on the class path and the engines module found as the kernel finds it (EngineLoader, from
# engines/target: fabriclab-engines.jar + lib/, DuckDB's native library loaded in place from lib/)
mvn -B -ntp -q -o dependency:build-classpath -pl dsl -Dmdep.outputFile="$dir/cp-dsl.txt" -Dmdep.includeScope=runtime >/dev/null
cp_ours="$root/engines/target/test-classes:$root/dsl/target/classes:$(cat "$dir/cp-dsl.txt")"
ours_props="-Dfabriclab.engines=$root/engines/target"
# the kernel's JVM flags as `fabriclab install` writes them: the heap share, InstallCommand.JIT_FLAGS and the
# compiler directives file (read from the source, so the benchmark follows the kernel)
inst=kernel/src/main/java/org/fabriclab/kernel/cli/InstallCommand.java
sed -n '/static final String JIT_DIRECTIVES = """/,/""";/p' "$inst" | sed '1d;$d' > "$dir/jit-directives.json"
heap=$(sed -n 's/.*static final String DEFAULT_HEAP = "\([0-9]*\)%";.*/\1/p' "$inst")
kernel_flags="-XX:MaxRAMPercentage=${heap:-70} $(sed -n '/static final String JIT_FLAGS/,/";$/p' "$inst" | grep -v '^ *//' | grep -o '"[^"]*"' | tr -d '"' | tr -d '\n') -XX:+UnlockDiagnosticVMOptions -XX:CompilerDirectivesFile=$dir/jit-directives.json"
case $kernel_flags in *UseParallelGC*) ;; *) echo "could not read the kernel's JVM flags from $inst" >&2; exit 2 ;; esac
spark_opens="--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED"

data="$dir/d${ports}x${days}/history"
if [ ! -f "$data/history.csv.gz" ]; then
  echo "generating ${ports} ports x ${days} days with the project's generator (./fabriclab datasets)..." >&2
  ./fabriclab datasets --out "$dir/d${ports}x${days}" --history-ports "$ports" --history-days "$days" >&2
fi
csv="$data/history.csv.gz"; labels="$data/labels.csv"; pq="$data/history.parquet"
# the Parquet writer streams the history to DuckDB as Arrow batches, which needs java.nio opened (else it stages a copy)
if [ ! -f "$pq" ]; then java -Xmx12g --add-opens=java.base/java.nio=ALL-UNNAMED -cp "$cp" org.fabriclab.bench.HistoryLoadBench parquet "$csv" "$pq" >&2; fi
ls -l "$csv" "$pq" >&2

# one run: prints "load sweep total rss_mb"
run() {
  local name=$1 out="$dir/table-$1.csv" log="$dir/log-$1.txt"
  case $name in
    zcat) /usr/bin/time -f "%e %M %U %S" -o "$dir/time" zcat "$csv" > /dev/null; read -r e m u y < "$dir/time"; echo "- - $e $((m / 1024)) $(awk -v u="$u" -v y="$y" 'BEGIN{printf "%.2f", u + y}')"; return ;;
    pandas) /usr/bin/time -f "%e %M %U %S" -o "$dir/time" /usr/bin/python3 bench/history_pandas.py "$csv" "$labels" "$dir/table-ours-csv-defaults.csv" "$out" > "$log" ;;
    ours-csv-kernel) /usr/bin/time -f "%e %M %U %S" -o "$dir/time" java $kernel_flags $ours_props -cp "$cp_ours" org.fabriclab.bench.HistoryLoadBench ours "$csv" "$labels" "$out" > "$log" ;;
    ours-csv-defaults) /usr/bin/time -f "%e %M %U %S" -o "$dir/time" java $ours_props -cp "$cp_ours" org.fabriclab.bench.HistoryLoadBench ours "$csv" "$labels" "$out" > "$log" ;;
    ours-parquet-kernel) /usr/bin/time -f "%e %M %U %S" -o "$dir/time" java $kernel_flags $ours_props -cp "$cp_ours" org.fabriclab.bench.HistoryLoadBench ours "$pq" "$labels" "$out" > "$log" ;;
    ours-parquet-rule) /usr/bin/time -f "%e %M %U %S" -o "$dir/time" java $kernel_flags $ours_props -cp "$cp_ours" org.fabriclab.bench.HistoryLoadBench ours-rule "$pq" "$labels" "$out" > "$log" ;;
    ours-parquet-defaults) /usr/bin/time -f "%e %M %U %S" -o "$dir/time" java $ours_props -cp "$cp_ours" org.fabriclab.bench.HistoryLoadBench ours "$pq" "$labels" "$out" > "$log" ;;
    duckdb-csv) /usr/bin/time -f "%e %M %U %S" -o "$dir/time" java -cp "$cp" org.fabriclab.bench.HistoryLoadBench duckdb "$csv" "$labels" "$out" > "$log" ;;
    duckdb-parquet) /usr/bin/time -f "%e %M %U %S" -o "$dir/time" java -cp "$cp" org.fabriclab.bench.HistoryLoadBench duckdb "$pq" "$labels" "$out" > "$log" ;;
    spark-parquet) /usr/bin/time -f "%e %M %U %S" -o "$dir/time" java $spark_opens -Xmx4g -cp "$cp" org.fabriclab.bench.HistoryLoadBench spark "$pq" "$labels" "$out" > "$log" 2>/dev/null ;;
    *) echo "unknown engine $name" >&2; exit 2 ;;
  esac
  read -r e m u y < "$dir/time"
  local line; line=$(grep -m1 '^load=' "$log")
  local l s t; l=$(sed 's/.*load=\([^ ]*\).*/\1/' <<< "$line"); s=$(sed 's/.*sweep=\([^ ]*\).*/\1/' <<< "$line"); t=$(sed 's/.*total=\([^ ]*\).*/\1/' <<< "$line")
  local cm; cm=$(sed -n 's/^columns_mb=//p' "$log"); cm=${cm:--}
  local rl; rl=$(sed -n 's/^rss_load_mb=//p' "$log"); rl=${rl:--}
  local jb; jb=$(sed -n 's/^jvm_base_mb=//p' "$log"); jb=${jb:--}
  local lib; lib=$(sed -n 's/^duckdb_library=//p' "$log"); lib=${lib:--}
  echo "$l $s $t $((m / 1024)) $(awk -v u="$u" -v y="$y" 'BEGIN{printf "%.2f", u + y}') $cm $rl $jb $lib"
}

expand() { for e in $engines; do case $e in ours-csv|ours-parquet) echo "$e-kernel $e-defaults";; *) echo "$e";; esac; done; }
list=$(expand | tr '\n' ' ')
# pandas needs the grid from ours-csv-defaults: make sure that runs first
list="ours-csv-defaults $(tr ' ' '\n' <<< "$list" | grep -v '^ours-csv-defaults$' | tr '\n' ' ')"

echo "history benchmark: ${ports} ports x ${days} days, $(zcat "$csv" | wc -l | awk '{print $1 - 1}') rows; $runs runs per engine, median"
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GB; $(java -version 2>&1 | head -1); load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "kernel JVM flags: $kernel_flags"
declare -A L S T R C M RL JB
for ((i = 1; i <= runs; i++)); do
  # engines alternate within each run (A/B/C..., then again), so a change of machine load hits all of them
  for e in $list; do
    read -r l s t r c cm rl jb lib <<< "$(run "$e")"
    L[$e]+="$l "; S[$e]+="$s "; T[$e]+="$t "; R[$e]+="$r "; C[$e]+="$c "; M[$e]=${cm:--}; RL[$e]+="${rl:--} "; JB[$e]+="${jb:--} "
    echo "  run $i $e: load $l sweep $s total $t s (in-process), process CPU $c s (user+sys, JVM start included), peak RSS $r MB (after load ${rl:--} MB, JVM base ${jb:--} MB); DuckDB library ${lib:--}; load average $(cut -d' ' -f1 /proc/loadavg)" >&2
  done
done
median() { tr ' ' '\n' <<< "$1" | { grep -v '^$' || true; } | sort -g | awk '{a[NR]=$1} END {if (NR == 0 || a[1] == "-") print "-"; else print a[int((NR + 1) / 2)]}'; }
zt=$(median "${T[zcat]:-}"); dt=$(median "${T[duckdb-csv]:-}")
printf '\n%-22s %8s %8s %8s %9s %10s %9s %12s %12s %13s %12s\n' engine load_s sweep_s total_s cpu_s peak_MB "x zcat" "duckdb-csv/x" "RSS/columns" "loadRSS/cols" "JVM_base_MB"
for e in $list; do
  t=$(median "${T[$e]}")
  rz=$(awk -v a="$t" -v b="$zt" 'BEGIN { if (b == "-" || b == 0) print "-"; else printf "%.2f", a / b }')
  rd=$(awk -v a="$t" -v b="$dt" 'BEGIN { if (b == "-" || b == "" || a == 0) print "-"; else printf "%.2f", b / a }')
  ratio() { awk -v r="$1" -v m="${M[$e]:--}" 'BEGIN { if (r == "-" || m == "-" || m == 0) print "-"; else printf "%.2f", r / m }'; }
  printf '%-22s %8s %8s %8s %9s %10s %9s %12s %12s %13s %12s\n' "$e" "$(median "${L[$e]}")" "$(median "${S[$e]}")" "$t" "$(median "${C[$e]}")" "$(median "${R[$e]}")" "$rz" "$rd" "$(ratio "$(median "${R[$e]}")")" "$(ratio "$(median "${RL[$e]:--}")")" "$(median "${JB[$e]:--}")"
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
ref="$dir/table-ours-csv-defaults.csv"; same=yes
for e in $list; do
  [ "$e" = zcat ] && continue
  if ! cmp -s "$ref" "$dir/table-$e.csv"; then same=no; echo "table of $e differs from ours-csv-defaults:"; diff "$ref" "$dir/table-$e.csv" | head -5; fi
done
echo "the same $(($(wc -l < "$ref") - 1))-row score table from every engine: $same"
