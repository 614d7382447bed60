#!/usr/bin/env bash
# History sweep benchmark: 2,000 ports x 90 days of 5-minute samples (51.8M rows) generated in
# memory, then the congestion sweep (reset-aware deltas, 50 thresholds, precision/recall) timed.
# Usage: bench/history.sh [ports] [days] [threads] [runs]   (env BENCH_XMX, default 8g)
set -euo pipefail
cd "$(dirname "$0")/.."
# HistoryBench lives in the demo module's tests (it uses the dataset generator); run-java.sh builds its class path
JAVA_OPTS="-Xmx${BENCH_XMX:-8g} -XX:+UseParallelGC" exec bench/run-java.sh org.fabriclab.bench.HistoryBench "$@"
