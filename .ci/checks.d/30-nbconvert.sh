#!/usr/bin/env bash
# `jupyter nbconvert --to notebook --execute` of the smoke notebook through the installed
# kernelspec (Debian's jupyter-nbconvert), then asserts HTML tables, PNG charts and an error output.
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/kernelspec.sh
root="$(pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
use_kernelspec "$tmp"
jupyter nbconvert --to notebook --execute --allow-errors --ExecutePreprocessor.kernel_name=fabriclab \
  --ExecutePreprocessor.timeout=120 --output-dir "$tmp" --output smoke.nbconvert.ipynb \
  "$root/kernel/src/test/notebooks/smoke.ipynb"
/usr/bin/python3 "$root/kernel/src/test/python/check_notebooks.py" nbconvert "$tmp/smoke.nbconvert.ipynb"
