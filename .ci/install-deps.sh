#!/usr/bin/env bash
# Installs what the test suite needs and the machine lacks (Debian packages; PyPI is not reachable):
# Maven and a JDK if absent, Jupyter from Debian for the kernel conformance suite, nbconvert and
# the ipykernel comparison, and Debian's chromium for the headless-browser check of the exported
# HTML. Idempotent: installs nothing when everything is present.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
need_apt=()
command -v mvn >/dev/null 2>&1 || need_apt+=(maven)
command -v javac >/dev/null 2>&1 || need_apt+=(openjdk-17-jdk-headless)
[ -x /usr/bin/python3 ] || need_apt+=(python3)
[ -x /usr/bin/jupyter-nbconvert ] || need_apt+=(jupyter-nbconvert)
/usr/bin/python3 -c 'import jupyter_client' 2>/dev/null || need_apt+=(jupyter-client)
/usr/bin/python3 -c 'import nbclient' 2>/dev/null || need_apt+=(python3-nbclient)
/usr/bin/python3 -c 'import nbformat' 2>/dev/null || need_apt+=(python3-nbformat)
/usr/bin/python3 -c 'import jupyter_kernel_test' 2>/dev/null || need_apt+=(python3-jupyter-kernel-test)
/usr/bin/python3 -c 'import ipykernel' 2>/dev/null || need_apt+=(python3-ipykernel)
# the benchmarks' side-by-side baselines (bench/kernel_bench.py's heavy cell, bench/history-load.sh's pandas engine)
/usr/bin/python3 -c 'import pandas' 2>/dev/null || need_apt+=(python3-pandas)
# a real `jupyter console` session (stdin prompts, exit) in .ci/checks.d/23-console.sh, driven by pexpect
[ -x /usr/bin/jupyter-console ] || need_apt+=(jupyter-console)
/usr/bin/python3 -c 'import pexpect' 2>/dev/null || need_apt+=(python3-pexpect)
# headless Chromium renders the exported HTML in .ci/checks.d/60-html-browser.sh (layout, markdown)
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null 2>&1; then
    echo "install-deps: missing ${need_apt[*]}; install them with apt-get (as root)" >&2
    exit 1
  fi
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  echo "install-deps: installing ${need_apt[*]}"
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${need_apt[@]}"
fi
