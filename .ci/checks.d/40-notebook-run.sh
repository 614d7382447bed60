#!/usr/bin/env bash
# `./fabriclab run` (no Python, no Jupyter server) of the smoke notebook with parameters: exit 1 at
# the deliberate error naming the cell, output valid nbformat 4, the same outputs and MIME types
# per cell as Jupyter produces for the same notebook, input untouched; exit 0 without the error cell.
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/kernelspec.sh
root="$(pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
nb="$root/kernel/src/test/notebooks/smoke.ipynb"
before="$(sha256sum "$nb")"
set +e
./fabriclab run "$nb" -p fabric=roce -p rows=2 -o "$tmp/run.ipynb" --html "$tmp/run.html" 2> "$tmp/run.err"
rc=$?
set -e
cat "$tmp/run.err" >&2
[ "$rc" = 1 ] || { echo "40-notebook-run: expected exit 1 at the failing cell, got $rc" >&2; exit 1; }
grep -q "cell 11 (In \[9\]) failed: java.lang.IllegalStateException" "$tmp/run.err" || { echo "40-notebook-run: failure message must name the cell and the error" >&2; exit 1; }
[ "$(sha256sum "$nb")" = "$before" ] || { echo "40-notebook-run: the input notebook changed" >&2; exit 1; }
grep -q "<table" "$tmp/run.html" || { echo "40-notebook-run: HTML export has no table" >&2; exit 1; }
grep -q "data:image/png;base64," "$tmp/run.html" || { echo "40-notebook-run: HTML export has no chart" >&2; exit 1; }
# the reference: what Jupyter itself stores for the same notebook
use_kernelspec "$tmp"
jupyter nbconvert --to notebook --execute --allow-errors --ExecutePreprocessor.kernel_name=fabriclab \
  --ExecutePreprocessor.timeout=120 --output-dir "$tmp" --output reference.ipynb "$nb"
/usr/bin/python3 "$root/kernel/src/test/python/check_notebooks.py" run "$tmp/run.ipynb" "$tmp/reference.ipynb"
# without the failing cell the run succeeds
/usr/bin/python3 - "$nb" "$tmp/ok.ipynb" <<'PY'
import json, sys
nb = json.load(open(sys.argv[1]))
nb["cells"] = [c for c in nb["cells"] if c.get("id") != "boom"]
json.dump(nb, open(sys.argv[2], "w"), indent=1)
PY
./fabriclab run "$tmp/ok.ipynb" -p fabric=ib -o "$tmp/ok.out.ipynb"
/usr/bin/python3 -c "import nbformat, sys; nbformat.validate(nbformat.read(sys.argv[1], as_version=4))" "$tmp/ok.out.ipynb"
echo "40-notebook-run: ok"
