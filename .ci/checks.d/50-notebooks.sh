#!/usr/bin/env bash
# Every notebook in notebooks/ executed twice: by `./fabriclab run` (in-process) and by
# `jupyter nbconvert --to notebook --execute` through the kernelspec installed into a temporary
# prefix. Any error output fails; the committed (executed) notebooks must match both fresh
# executions in structure (same cells, same output types per cell): .ci/notebook_structure.py.
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/kernelspec.sh
root="$(pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/run" "$tmp/nbconvert"
for nb in notebooks/*.ipynb; do
  name="$(basename "$nb")"
  echo "50-notebooks: fabriclab run $name"
  ./fabriclab run "$nb" -o "$tmp/run/$name" || { echo "50-notebooks: ./fabriclab run $nb failed" >&2; exit 1; }
done
use_kernelspec "$tmp"
for nb in notebooks/*.ipynb; do
  name="$(basename "$nb")"
  echo "50-notebooks: jupyter nbconvert --execute $name"
  # nbconvert runs the kernel in the notebook's folder; --allow-errors so the checker names the failing cell
  jupyter nbconvert --to notebook --execute --allow-errors --ExecutePreprocessor.kernel_name=fabriclab \
    --ExecutePreprocessor.timeout=300 --output-dir "$tmp/nbconvert" --output "$name" "$root/$nb"
done
/usr/bin/python3 .ci/notebook_structure.py notebooks "$tmp/run" "$tmp/nbconvert"
echo "50-notebooks: ok"
