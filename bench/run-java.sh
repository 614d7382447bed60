#!/usr/bin/env bash
# Runs a benchmark main class from the test sources of a module (the module whose src/test/java holds
# the class: dsl, demo or kernel; MODULE=... to choose):
#   bench/run-java.sh org.fabriclab.bench.ClassifyBench [args...]
#   bench/run-java.sh org.fabriclab.bench.HistoryBench ...          (demo: it uses the dataset generator)
#   JAVA_OPTS="-Xmx12g" bench/run-java.sh ...
set -euo pipefail
cd "$(dirname "$0")/.."
main=$1; shift
module=${MODULE:-}
if [ -z "$module" ]; then
  for m in dsl demo kernel; do
    if [ -f "$m/src/test/java/${main//.//}.java" ]; then module=$m; break; fi
  done
  module=${module:-dsl}
fi
mvn -q -B -o -DskipTests install -pl "$module" -am >/dev/null 2>&1 || mvn -q -B -DskipTests install -pl "$module" -am
cp_file=$(mktemp)
trap 'rm -f "$cp_file"' EXIT
mvn -q -B -o dependency:build-classpath -pl "$module" -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=test >/dev/null
# this checkout's own module classes first: the fabriclab jars in ~/.m2 may come from another checkout
cp="$module/target/test-classes:$module/target/classes"
for m in demo dsl; do [ "$m" != "$module" ] && [ -d "$m/target/classes" ] && cp="$cp:$m/target/classes"; done
cp="$cp:$(cat "$cp_file")"
java ${JAVA_OPTS:-} -cp "$cp" "$main" "$@"
