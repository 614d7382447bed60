#!/usr/bin/env bash
# The JShell floor under the kernel's trivial-cell time: bench/JShellFloor.java with the kernel's
# class path and JVM flags. Build first (./fabriclab builds on first use, or mvn install).
set -euo pipefail
cd "$(dirname "$0")/.."
cp="kernel/target/fabriclab-kernel.jar:kernel/target/lib/*"
exec java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "$cp" bench/JShellFloor.java "$@"
