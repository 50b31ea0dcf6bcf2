#!/bin/sh
# Records the expected output of the library scripts (NAME.py -> NAME.out)
# under PyTorch 1.13: builds torch/*.cpp, the same libraries written for
# PyTorch (TORCH_LIBRARY), into a scratch folder, and runs tools/oracle/record.py
# there, so torch.ops.load_library("libmyops.so") loads the PyTorch one.
# Needs Debian's python3-torch and libtorch-dev (headers) and g++.
# Usage: tests/library/record.sh [--stdout|--check] [SCRIPT.py...]  (default: every script here)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mode=""
case "${1:-}" in --stdout|--check) mode=$1; shift ;; esac
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for src in "$here"/torch/*.cpp; do
  name=$(basename "$src" .cpp)
  g++ -shared -fPIC -std=c++17 -O1 "$src" -o "$scratch/lib$name.so" -ltorch -ltorch_cpu -lc10 &
done
wait
for src in "$here"/torch/*.cpp; do
  [ -f "$scratch/lib$(basename "$src" .cpp).so" ] || { echo "record.sh: building $src failed" >&2; exit 1; }
done
[ $# -eq 0 ] && set -- "$here"/*.py
scripts=""
for s in "$@"; do scripts="$scripts $(cd "$(dirname "$s")" && pwd)/$(basename "$s")"; done
cd "$scratch"
exec /usr/bin/python3 "$root/tools/oracle/record.py" $mode $scripts
