#!/usr/bin/env bash
# History sweep benchmark: 2,000 ports x 90 days of 5-minute samples (51.8M rows) generated in
# memory, then the congestion sweep (reset-aware deltas, 50 thresholds, precision/recall) timed.
# Usage: bench/history.sh [ports] [days] [threads] [runs]   (env BENCH_XMX, default 8g)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -o -q test-compile dependency:build-classpath -pl dsl -am -Dmdep.outputFile="$PWD/dsl/target/bench-classpath.txt" >&2
cp="dsl/target/test-classes:dsl/target/classes:$(cat dsl/target/bench-classpath.txt)"
exec java -Xmx"${BENCH_XMX:-8g}" -XX:+UseParallelGC -cp "$cp" org.fabriclab.bench.HistoryBench "$@"
