#!/usr/bin/env bash
# Jupyter protocol conformance: installs the kernelspec into a temporary prefix and runs Debian's
# jupyter_kernel_test suite (kernel/src/test/python/test_kernel_conformance.py) against it.
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$(pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
./fabriclab install --prefix "$tmp" --no-cds
export JUPYTER_PATH="$tmp/share/jupyter"
export JUPYTER_RUNTIME_DIR="$tmp/runtime"
export JUPYTER_DATA_DIR="$tmp/data"
export JUPYTER_PLATFORM_DIRS=1
cd "$root/kernel/src/test/python"
/usr/bin/python3 -m unittest -v test_kernel_conformance
