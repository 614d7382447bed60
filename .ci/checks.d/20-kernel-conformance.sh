#!/usr/bin/env bash
# Jupyter protocol conformance: installs the kernelspec into a temporary prefix and runs Debian's
# jupyter_kernel_test suite (kernel/src/test/python/test_kernel_conformance.py) against it.
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/kernelspec.sh
root="$(pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
use_kernelspec "$tmp"
cd "$root/kernel/src/test/python"
/usr/bin/python3 -m unittest -v test_kernel_conformance
