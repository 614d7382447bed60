#!/usr/bin/env bash
# The template notebooks (01-03) on incident folders they were not written for: bundled folders (clean
# ones included), bundled folders re-laid as a hand collection (PRE/POST, snap1/snap2, gzipped captures, a
# date file, stray files: .ci/templates.py handmade), real captures other people wrote as the before/ (an Intel
# E810's ethtool -S, a 2-port HCA's perfquery -x: .ci/templates.py public, when ../shared/captures/public is there)
# and folders in the layout `fabriclab collect` writes (a timed RoCE series with a pause storm, a clean IB
# before/after, and a pair of node_exporter scrapes: .ci/templates.py folders), each executed by `./fabriclab run -p
# captures=DIR` and a subset by `jupyter nbconvert --execute` (parameters injected into a copy, as papermill
# does). Each run must show no error output and no stderr, at least one chart, the verdict and deciding
# counters of the folder's scenario.json or expectation, and the reconciliation case where there is one.
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/kernelspec.sh
root="$(pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 .ci/templates.py folders "$tmp/folders"
/usr/bin/python3 .ci/templates.py handmade "$tmp/folders"
# real captures other people wrote as the before/ of a folder (read in place from ../shared, as the public-capture tests do)
public="$root/../shared/captures/public"
[ -d "$public" ] && /usr/bin/python3 .ci/templates.py public "$public" "$tmp/folders"
fail=0
# notebook | folder | by nbconvert too
runs=(
  "01-ib-incident|datasets/ib-marginal-optic|no"
  "01-ib-incident|datasets/ib-clean-baseline|yes"
  "01-ib-incident|datasets/ib-flapping-link|no"
  "01-ib-incident|$tmp/folders/collect-ib-clean|yes"
  "02-roce-incident|datasets/roce-pause-storm|no"
  "02-roce-incident|datasets/roce-congestion-1tb|yes"
  "02-roce-incident|datasets/roce-pfc-disabled|no"
  "02-roce-incident|$tmp/folders/collect-roce-storm|yes"
  "03-bandwidth-reconciliation|datasets/reconcile-b2-fabric-backpressure|yes"
  "03-bandwidth-reconciliation|datasets/reconcile-c-above-link-rate|no"
  "01-ib-incident|$tmp/folders/handmade-ib-prepost-gz|no"
  "02-roce-incident|$tmp/folders/handmade-roce-snapshots|no"
  "01-ib-incident|$tmp/folders/prometheus-ib-physical|yes"
)
if [ -d "$public" ]; then
  runs+=("01-ib-incident|$tmp/folders/public-ib-treydock|no" "02-roce-incident|$tmp/folders/public-ice-roce|yes")
fi
expect() {  # folder -> expectation file
  local dir="$1" name
  name="$(basename "$dir")"
  if [ -f "$dir/scenario.json" ]; then
    /usr/bin/python3 .ci/templates.py expect "$dir" "$tmp/$name.expect.json"
    echo "$tmp/$name.expect.json"
  else
    echo "$(dirname "$dir")/$name.expect.json"
  fi
}
mkdir -p "$tmp/run" "$tmp/nbconvert" "$tmp/in"
for r in "${runs[@]}"; do
  IFS='|' read -r nb dir both <<<"$r"
  out="$tmp/run/$nb.$(basename "$dir").ipynb"
  echo "55-templates: fabriclab run $nb -p captures=$dir"
  ./fabriclab run "notebooks/$nb.ipynb" -p "captures=$dir" -o "$out" >"$tmp/run.log" 2>&1 || { cat "$tmp/run.log"; fail=1; continue; }
  /usr/bin/python3 .ci/templates.py check "$out" "$(expect "$dir")" || fail=1
done
use_kernelspec "$tmp/prefix" "$tmp" >/dev/null
for r in "${runs[@]}"; do
  IFS='|' read -r nb dir both <<<"$r"
  [ "$both" = yes ] || continue
  abs="$(cd "$dir" && pwd)"
  name="$nb.$(basename "$dir")"
  echo "55-templates: jupyter nbconvert --execute $nb (captures=$dir)"
  /usr/bin/python3 .ci/templates.py inject "notebooks/$nb.ipynb" "$tmp/in/$name.ipynb" "captures=$abs"
  jupyter nbconvert --to notebook --execute --allow-errors --ExecutePreprocessor.kernel_name=fabriclab \
    --ExecutePreprocessor.timeout=300 --output-dir "$tmp/nbconvert" --output "$name.ipynb" "$tmp/in/$name.ipynb" >"$tmp/nbc.log" 2>&1 \
    || { cat "$tmp/nbc.log"; fail=1; continue; }
  /usr/bin/python3 .ci/templates.py check "$tmp/nbconvert/$name.ipynb" "$(expect "$dir")" || fail=1
done
[ "$fail" = 0 ] || { echo "55-templates: FAILED" >&2; exit 1; }
echo "55-templates: ok"
