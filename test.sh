#!/usr/bin/env bash
# The whole test suite (installs missing Debian packages first, see .ci/install-deps.sh): Maven (unit, conformance over ../shared/captures/public when present,
# seed agreement) and, where present, the Jupyter-side checks under .ci/checks.d/.
set -euo pipefail
cd "$(dirname "$0")"
bash .ci/install-deps.sh
mvn -B -ntp install
for check in .ci/checks.d/*.sh; do
  [ -e "$check" ] || continue
  echo "== $check"
  bash "$check"
done
