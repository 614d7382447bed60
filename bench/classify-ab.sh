#!/usr/bin/env bash
# FleetClassifier throughput, this checkout against another commit, side by side in one JVM
# (bench/ClassifyAB.java): bench/classify-ab.sh [REF=main] [PORTS=1000000] [ROUNDS=21]
# The other commit's dsl classes are compiled from `git archive REF` in a temporary folder.
set -euo pipefail
cd "$(dirname "$0")/.."
ref=${1:-main}; ports=${2:-1000000}; rounds=${3:-21}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
git archive "$ref" | tar -x -C "$tmp"
(cd "$tmp" && mvn -q -B -o -Dstyle.color=never compile -pl dsl >/dev/null)
mvn -q -B -o -Dstyle.color=never -DskipTests install -pl dsl -am >/dev/null
mvn -q -B -o -Dstyle.color=never dependency:build-classpath -pl dsl -Dmdep.outputFile="$tmp/cp.txt" >/dev/null
echo "baseline: $ref ($(git rev-parse --short "$ref")); new: this checkout ($(git rev-parse --short HEAD)$(git diff --quiet || echo ', with local changes'))"
java -cp "$(cat "$tmp/cp.txt")" bench/ClassifyAB.java "$tmp/dsl/target/classes" dsl/target/classes "$(cat "$tmp/cp.txt")" "$ports" "$rounds" 2>/dev/null
