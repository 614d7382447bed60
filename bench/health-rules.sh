#!/usr/bin/env bash
# Benchmark: link-health rule engines over a generated 2,000-port x 30-day x 5-minute series
# (17.28M rows in primitive arrays). Prints rows per second. Arguments: [ports] [days] [runs].
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -o -q -pl dsl test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
exec java -Xmx4g -cp "dsl/target/classes:dsl/target/test-classes:$(cat dsl/target/cp.txt)" org.fabriclab.bench.HealthRulesBench "$@"
