#!/usr/bin/env bash
# `./fabriclab install` against Jupyter's own idea of its folders (Debian's jupyter_core), in
# injected environments under a temporary HOME (never the real one): `install --user` writes into
# `jupyter --data-dir`/kernels for HOME alone, XDG_DATA_HOME, JUPYTER_DATA_DIR and
# JUPYTER_PLATFORM_DIRS, and `jupyter kernelspec list` then finds the kernel; `install --prefix DIR`
# prints the JUPYTER_PATH Jupyter needs, without which it does not find the kernel and with which it does.
set -euo pipefail
cd "$(dirname "$0")/../.."
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "25-install-paths: $*" >&2; exit 1; }
clean=(env -u JUPYTER_DATA_DIR -u XDG_DATA_HOME -u JUPYTER_PATH -u JUPYTER_PLATFORM_DIRS -u JUPYTER_CONFIG_DIR
       -u VIRTUAL_ENV -u CONDA_PREFIX JUPYTER_RUNTIME_DIR="$tmp/runtime" PYDEVD_DISABLE_FILE_VALIDATION=1)
found() {  # the resource dir `jupyter kernelspec list` reports for fabriclab, or nothing
  "$@" jupyter kernelspec list --json | /usr/bin/python3 -c \
    'import json,sys; print(json.load(sys.stdin)["kernelspecs"].get("fabriclab", {}).get("resource_dir", ""))'
}
n=0
for case in "HOME" "XDG_DATA_HOME" "JUPYTER_DATA_DIR" "JUPYTER_PLATFORM_DIRS"; do
  n=$((n + 1))
  home="$tmp/home$n"; mkdir -p "$home"
  run=("${clean[@]}" HOME="$home")
  case "$case" in
    XDG_DATA_HOME) run+=(XDG_DATA_HOME="$tmp/xdg$n") ;;
    JUPYTER_DATA_DIR) run+=(XDG_DATA_HOME="$tmp/xdg$n" JUPYTER_DATA_DIR="$tmp/jd$n") ;;
    JUPYTER_PLATFORM_DIRS) run+=(XDG_DATA_HOME="$tmp/xdg$n" JUPYTER_PLATFORM_DIRS=1) ;;
  esac
  want="$("${run[@]}" jupyter --data-dir)/kernels/fabriclab"
  out="$("${run[@]}" ./fabriclab install --user --no-cds)"
  [ -f "$want/kernel.json" ] || fail "$case: install --user did not write $want/kernel.json (Jupyter's data dir); it said: $out"
  got="$(found "${run[@]}")"
  [ "$(realpath "$got")" = "$(realpath "$want")" ] || fail "$case: jupyter kernelspec list finds '$got', expected $want"
  echo "25-install-paths: --user with $case -> $want (found by jupyter kernelspec list)"
done
home="$tmp/home-prefix"; mkdir -p "$home"
run=("${clean[@]}" HOME="$home")
out="$("${run[@]}" ./fabriclab install --prefix "$tmp/prefix" --no-cds)"
data="$(realpath "$tmp/prefix")/share/jupyter"
grep -qF "export JUPYTER_PATH=$data" <<<"$out" || fail "install --prefix must say JUPYTER_PATH=$data is needed; it said: $out"
[ -z "$(found "${run[@]}")" ] || fail "without JUPYTER_PATH Jupyter should not find the --prefix kernel (the message would be wrong)"
[ "$(realpath "$(found "${run[@]}" JUPYTER_PATH="$data")")" = "$data/kernels/fabriclab" ] || fail "with JUPYTER_PATH=$data Jupyter must find the kernel"
out="$("${run[@]}" JUPYTER_PATH="$data" ./fabriclab install --prefix "$tmp/prefix" --no-cds)"
! grep -q "export JUPYTER_PATH" <<<"$out" || fail "JUPYTER_PATH already names $data, yet install asks for it: $out"
echo "25-install-paths: --prefix says JUPYTER_PATH=$data; Jupyter finds the kernel with it and not without"
echo "25-install-paths: ok"
