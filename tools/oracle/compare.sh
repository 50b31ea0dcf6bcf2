#!/bin/sh
# tools/oracle/compare.sh - run one dialect script under minaten and under
# real PyTorch, and compare the two outputs (docs/comparing.md).
#
#   tools/oracle/compare.sh FILE.py
#
# Runs `build/minaten run FILE.py` and `/usr/bin/python3 tools/oracle/record.py
# --stdout FILE.py`, then tools/oracle/compare.py on the two standard outputs
# (PyTorch's is the expected one).  When they differ it prints compare.py's
# first difference and a unified diff (--- pytorch, +++ minaten).  Standard
# error of either side is not compared; minaten's is shown if it failed.
#
# Exit status: 0 the outputs match, 1 they differ, 2 usage, no minaten
# binary, or no PyTorch.
# Environment: MINATEN (default build/minaten, e.g. MINATEN=build-asan/minaten),
# TORCH_PYTHON (default /usr/bin/python3: Debian's python3-torch, PyTorch 1.13).
set -u

root=$(cd "$(dirname "$0")/../.." && pwd)
minaten=${MINATEN:-$root/build/minaten}
python=${TORCH_PYTHON:-/usr/bin/python3}

if [ $# -ne 1 ] || [ ! -f "$1" ]; then
  echo "usage: tools/oracle/compare.sh FILE.py   (exit 0 match, 1 differ, 2 usage or no PyTorch)" >&2
  [ $# -eq 1 ] && echo "compare.sh: no such file: $1" >&2
  exit 2
fi
script=$1
if [ ! -x "$minaten" ]; then
  echo "compare.sh: no minaten binary at $minaten (build it: cmake --preset debug && cmake --build --preset debug, or set MINATEN)" >&2
  exit 2
fi
if ! "$python" -c 'import torch' >/dev/null 2>&1; then
  echo "compare.sh: $python cannot import torch; install Debian's python3-torch (PyTorch 1.13) or set TORCH_PYTHON" >&2
  exit 2
fi

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 2' HUP INT TERM

"$python" "$root/tools/oracle/record.py" --stdout "$script" >"$tmp/pytorch" 2>"$tmp/pytorch.err"
if [ $? -ne 0 ]; then
  echo "compare.sh: recording under PyTorch failed:" >&2
  cat "$tmp/pytorch.err" >&2
  exit 2
fi
"$minaten" run "$script" >"$tmp/minaten" 2>"$tmp/minaten.err"
status=$?

python3 "$root/tools/oracle/compare.py" "$tmp/pytorch" "$tmp/minaten"
compared=$?
if [ $status -ne 0 ]; then
  echo "minaten exited with status $status; its standard error ends with:"
  tail -n 5 "$tmp/minaten.err"
  [ $compared -eq 0 ] && compared=1
fi
if [ $compared -ne 0 ]; then
  echo "--- pytorch"
  echo "+++ minaten"
  diff -u "$tmp/pytorch" "$tmp/minaten" | sed '1,2d'
fi
[ $compared -eq 0 ] && exit 0
exit 1
