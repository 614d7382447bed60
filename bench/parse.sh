#!/usr/bin/env bash
# Parsing throughput of the perfquery and ethtool readers (single thread, MB/s).
# Usage: bench/parse.sh [ports=10000] [warm-up=3] [measured=7]
# Set MVN_FLAGS (default "-q") to e.g. "-q -o" to build offline.
set -euo pipefail
cd "$(dirname "$0")/.."
MVN_FLAGS=${MVN_FLAGS:--q}
mvn $MVN_FLAGS -pl dsl test-compile
mvn $MVN_FLAGS -pl dsl dependency:build-classpath -Dmdep.outputFile=target/bench.cp >/dev/null
exec java -Xmx2g -cp "dsl/target/test-classes:dsl/target/classes:$(cat dsl/target/bench.cp)" \
  org.fabriclab.bench.ParseBench "$@"
