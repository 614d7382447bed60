#!/usr/bin/env bash
# Parsing throughput of the perfquery and ethtool readers (single thread, MB/s, wall and thread CPU).
# Generates a 10,000-port perfquery -x -l dump and a 10,000-interface ethtool -S dump in a temp folder.
#   bench/parse.sh [ports=10000] [warm-up=3] [measured=7]
set -euo pipefail
cd "$(dirname "$0")/.."
# The default heap sizes the young generation for one 1.5M-reading capture (-Xmn2g), so the figure is
# parsing rather than copying live readings between survivor spaces; JAVA_OPTS=" " measures JVM defaults.
JAVA_OPTS=${JAVA_OPTS:--Xmx3g -Xmn2g} exec bench/run-java.sh org.fabriclab.bench.ParseBench "$@"
