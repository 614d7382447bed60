#!/usr/bin/env bash
# Runs a benchmark main class from the test sources of a module (default dsl):
#   bench/run-java.sh org.fabriclab.bench.ClassifyBench [args...]
#   MODULE=kernel bench/run-java.sh ...   JAVA_OPTS="-Xmx12g" bench/run-java.sh ...
set -euo pipefail
cd "$(dirname "$0")/.."
module=${MODULE:-dsl}
main=$1; shift
mvn -q -B -o -DskipTests install -pl "$module" -am >/dev/null 2>&1 || mvn -q -B -DskipTests install -pl "$module" -am
mvn -q -B -o test-compile -pl "$module" >/dev/null
cp_file=$(mktemp)
mvn -q -B -o dependency:build-classpath -pl "$module" -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=test >/dev/null
cp="$module/target/classes:$module/target/test-classes:$(cat "$cp_file")"
rm -f "$cp_file"
exec java ${JAVA_OPTS:-} -cp "$cp" "$main" "$@"
