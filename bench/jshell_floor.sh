#!/usr/bin/env bash
# What a trivial cell costs in JShell and in the kernel's Session, without the Jupyter wire:
# bench/JShellFloor.java with the kernel's class path and JVM flags (InstallCommand.JIT_FLAGS; C1 only here, for the JShell floor).
# Usage: bench/jshell_floor.sh [EVALUATIONS]. Build first (./fabriclab builds on first use).
set -euo pipefail
cd "$(dirname "$0")/.."
cp="kernel/target/fabriclab-kernel.jar:kernel/target/lib/*"
exec java -XX:TieredStopAtLevel=1 -XX:CompileThresholdScaling=0.1 -XX:C1MaxInlineSize=15 -XX:C1InlineStackLimit=3 -XX:+UseSerialGC -cp "$cp" bench/JShellFloor.java "$@"
