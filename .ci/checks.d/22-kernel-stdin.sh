#!/usr/bin/env bash
# stdin (input_request for readLine, readPassword, System.in) and exit (ask_exit) through Debian's
# jupyter_client against the installed kernelspec (kernel/src/test/python/test_kernel_stdin.py).
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/kernelspec.sh
root="$(pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
use_kernelspec "$tmp"
cd "$root/kernel/src/test/python"
/usr/bin/python3 -m unittest -v test_kernel_stdin
