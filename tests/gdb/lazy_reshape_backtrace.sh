#!/bin/sh
# A gdb batch session: break in the Lazy kernel when it records aten::view
# while `minaten -c` reshapes a lazy tensor, and check that the backtrace
# shows, from the innermost frame out, the boxed Lazy kernel, the entry
# point at_view, at_native_reshape (which takes its `view` branch because
# the tensor is lazy), the dispatcher, the interpreter and main.
# Usage: lazy_reshape_backtrace.sh path/to/minaten [path/to/tools/gdb/minaten.py]
set -u
MINATEN=$1
PRINTERS=${2:-}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
set -- -nx -batch -ex 'set pagination off' -ex 'set debuginfod enabled off'
[ -n "$PRINTERS" ] && set -- "$@" -ex "source $PRINTERS"
gdb "$@" -ex 'break LazyNativeFunctions_boxed if op == at_op_view' -ex run -ex bt -ex kill \
  --args "$MINATEN" -c 'a = torch.arange(6.).to("lazy").reshape(2, 3)' >"$out" 2>&1
cat "$out"

# Frame number of the first frame matching a pattern ("" if none).
frame_of() { grep -E "^#[0-9]+ " "$out" | grep -E "$1" | head -n 1 | sed -E 's/^#([0-9]+) .*/\1/'; }
kernel=$(frame_of ' LazyNativeFunctions_boxed ')
entry=$(frame_of ' at_view ')
reshape=$(frame_of ' at_native_reshape ')
dispatcher=$(frame_of ' Dispatcher_callBoxed ')
interp=$(frame_of ' at tools/minaten/|tools/minaten/[a-z_]+\.c:')
main=$(frame_of ' main ')
echo "frames: kernel=$kernel entry=$entry reshape=$reshape dispatcher=$dispatcher interpreter=$interp main=$main"
for f in "$kernel" "$entry" "$reshape" "$dispatcher" "$interp" "$main"; do
  [ -n "$f" ] || { echo "FAIL: a frame is missing from the backtrace"; exit 1; }
done
if [ "$kernel" -eq 0 ] && [ "$kernel" -lt "$entry" ] && [ "$entry" -lt "$reshape" ] &&
   [ "$reshape" -lt "$dispatcher" ] && [ "$dispatcher" -lt "$interp" ] && [ "$interp" -lt "$main" ]; then
  echo "PASS: interpreter -> dispatcher -> at_native_reshape -> at_view -> LazyNativeFunctions_boxed"
  exit 0
fi
echo "FAIL: frames out of order"
exit 1
