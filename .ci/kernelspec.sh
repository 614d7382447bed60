# Sourced by the checks that reach the kernel through Jupyter. use_kernelspec PREFIX [DIR] installs the
# kernelspec into PREFIX (never ~/.local or the system) and points Jupyter there: kernels from
# PREFIX/share/jupyter, runtime and data folders under DIR (default PREFIX). Run from the repo root.
use_kernelspec() {
  local prefix=$1 dir=${2:-$1}
  ./fabriclab install --prefix "$prefix" --no-cds
  export JUPYTER_PATH="$prefix/share/jupyter" JUPYTER_RUNTIME_DIR="$dir/runtime" JUPYTER_DATA_DIR="$dir/data" JUPYTER_PLATFORM_DIRS=1
}
