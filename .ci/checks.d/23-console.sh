#!/usr/bin/env bash
# A real `jupyter console` session against the installed kernelspec: readLine / readPassword
# prompts (input_request) and `exit` ending the console (ask_exit). Debian's jupyter-console and
# python3-pexpect (.ci/install-deps.sh); kernel/src/test/python/console_session.py drives it.
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/kernelspec.sh
root="$(pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
use_kernelspec "$tmp"
export JUPYTER_CONFIG_DIR="$tmp/config" IPYTHONDIR="$tmp/ipython"
/usr/bin/python3 "$root/kernel/src/test/python/console_session.py"
