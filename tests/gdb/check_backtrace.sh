#!/bin/sh
# Runs `minaten -c CODE` under gdb with a breakpoint, prints the backtrace,
# and checks that each PATTERN matches a frame, the first in frame 0 and
# each later one further out than the one before.
# Usage: check_backtrace.sh MINATEN PRINTERS [--after FIRST] BREAKPOINT CODE PATTERN...
#   (PRINTERS may be "": no pretty-printers; --after FIRST: run to the
#   breakpoint FIRST, and only then set BREAKPOINT and continue, so that an
#   earlier call of BREAKPOINT's function does not stop the run)
set -u
MINATEN=$1 PRINTERS=$2
shift 2
FIRST=""
if [ "$1" = "--after" ]; then FIRST=$2; shift 2; fi
BREAKPOINT=$1 CODE=$2
shift 2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
src=""
[ -n "$PRINTERS" ] && src="source $PRINTERS"
if [ -n "$FIRST" ]; then
  gdb -nx -batch -ex 'set pagination off' -ex 'set debuginfod enabled off' -ex "${src:-echo}" \
    -ex "break $FIRST" -ex run -ex delete -ex "break $BREAKPOINT" -ex continue -ex bt -ex kill \
    --args "$MINATEN" -c "$CODE" >"$out" 2>&1
else
  gdb -nx -batch -ex 'set pagination off' -ex 'set debuginfod enabled off' -ex "${src:-echo}" \
    -ex "break $BREAKPOINT" -ex run -ex bt -ex kill --args "$MINATEN" -c "$CODE" >"$out" 2>&1
fi
cat "$out"

prev=-1
for pattern in "$@"; do
  frame=$(grep -E "^#[0-9]+ " "$out" | grep -E "$pattern" | head -n 1 | sed -E 's/^#([0-9]+) .*/\1/')
  echo "frame of '$pattern': ${frame:-missing}"
  [ -n "$frame" ] || { echo "FAIL: a frame is missing from the backtrace"; exit 1; }
  if [ "$prev" -lt 0 ] && [ "$frame" -ne 0 ]; then echo "FAIL: the breakpoint is not frame 0"; exit 1; fi
  [ "$frame" -gt "$prev" ] || { echo "FAIL: frames out of order"; exit 1; }
  prev=$frame
done
echo "PASS"
