#!/bin/sh
# replay.sh REPLAY_BINARY PATH... - runs a fuzz target's replay binary
# (replay_main.c) on the inputs under each PATH (missing ones skipped) and
# fails on a crash, a sanitizer report (ASan, UBSan, LeakSanitizer) or an
# INTERNAL ASSERT FAILED, naming the input that caused it.  What the target
# prints on stdout (the script's results and errors) is not looked at.
set -u
bin=$1
shift
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$bin" "$@" >/dev/null 2>"$log"
status=$?
inputs=$(grep -c '^replay: ' "$log")
# An ASan build returns NULL for an allocation it cannot make
# (allocator_may_return_null, set by runtime/Allocator.c) and warns about it;
# minaten answers with PyTorch's out-of-memory error: not a report.
reports=$(grep -v -e '^==[0-9]*==WARNING: AddressSanitizer failed to allocate 0x[0-9a-f]* bytes$' "$log" |
  grep -c -e 'INTERNAL ASSERT FAILED' -e 'Sanitizer' -e 'runtime error:')
if [ "$status" -ne 0 ] || [ "$reports" -ne 0 ]; then
  echo "replay: FAILED (exit status $status) after $inputs inputs; the last input run:"
  last=$(grep '^replay: ' "$log" | tail -n 1 | sed 's/^replay: //')
  echo "  $last"
  [ -f "$last" ] && { echo "--- its text:"; cat "$last"; echo; echo "---"; }
  grep -v '^replay: ' "$log" | tail -n 60
  exit 1
fi
echo "replay: $inputs inputs, no crash, no sanitizer report, no internal assert"
