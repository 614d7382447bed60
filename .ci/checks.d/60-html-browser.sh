#!/usr/bin/env bash
# The HTML export in a real browser: every notebook in notebooks/ and the smoke notebook exported
# by `./fabriclab run --html`, rendered by Debian's headless Chromium at two window widths.
# Asserted (.ci/html_browser_check.py): markdown rendered (no raw '#', '**', '|---|' or `code`
# markers visible as text), nothing wider than the page (wide tables scroll inside their box),
# no output line cut off (wrapped), every image decoded. Screenshots go to the temporary folder,
# or to $FABRICLAB_SCREENSHOTS when set (never into the repository).
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$(pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/html"
pages=()
set +e
./fabriclab run kernel/src/test/notebooks/smoke.ipynb -o "$tmp/smoke.ipynb" --html "$tmp/html/smoke.html" 2> "$tmp/smoke.err"
rc=$?
set -e
[ "$rc" = 1 ] || { cat "$tmp/smoke.err" >&2; echo "60-html-browser: the smoke notebook must stop at its deliberate error (exit 1), got $rc" >&2; exit 1; }
pages+=("$tmp/html/smoke.html=$root/kernel/src/test/notebooks/smoke.ipynb")
for nb in notebooks/*.ipynb; do
  name="$(basename "$nb" .ipynb)"
  ./fabriclab run "$nb" -o "$tmp/$name.ipynb" --html "$tmp/html/$name.html" > /dev/null
  pages+=("$tmp/html/$name.html=$root/$nb")
done
/usr/bin/python3 .ci/html_browser_check.py --screenshots "${FABRICLAB_SCREENSHOTS:-$tmp/screenshots}" "${pages[@]}"
echo "60-html-browser: ok"
