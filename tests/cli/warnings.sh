#!/bin/sh
# Which warnings minaten prints on stderr, against what 1.13 printed for
# the same script (issue 29): Python's default warnings filter, once per
# place, whatever the operator (runtime/Exception.h).
#
#   warn_filter.py              the script (backward(create_graph=True), a
#                               non-leaf's .grad, masked_fill_ with a uint8
#                               mask, an out= resized, x.T, the deprecated
#                               arguments of backward and grad; repeated on
#                               one line, in loops, in a function)
#   warn_filter.reference.err   1.13's warnings in the reference run (how
#                               conformance scripts run: each statement
#                               compiled alone, by python/minaten/_runner.py,
#                               at its lines in the file; so since issue 30 the
#                               same as file.err)
#   warn_filter.file.err        1.13's warnings for `python3 warn_filter.py`
#                               (lines count in the file): minaten --strict
#
# The .err files hold the warnings' texts ("UserWarning: <message>", the
# place python3 prints before it cut off, for minaten as for 1.13), taken
# from 1.13's stderr, never typed:
#
#   /usr/bin/python3 tools/oracle/record.py --run-one "$PWD/tests/cli/warn_filter.py" 2>&1 >/dev/null |
#     sed -n 's/^.*: UserWarning: /UserWarning: /p' >tests/cli/warn_filter.reference.err
#   (cd tests/cli && /usr/bin/python3 warn_filter.py 2>&1 >/dev/null |
#     sed -n 's/^.*: UserWarning: /UserWarning: /p') >tests/cli/warn_filter.file.err
#
# Where /usr/bin/python3 imports torch, the test also re-runs these and
# checks the files are still what 1.13 prints.
# Usage: warnings.sh path/to/minaten scratch-dir source-dir
set -u
minaten=$1 scratch=$2 src=$3
script=$src/tests/cli/warn_filter.py
mkdir -p "$scratch" && cd "$scratch" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

"$minaten" run "$script" >run.out 2>run.err || fail "run: exit status $?"
sed -n 's/^.*: UserWarning: /UserWarning: /p' run.err >run.warnings
cmp -s "$src/tests/cli/warn_filter.reference.err" run.warnings ||
  fail "minaten run printed other warnings than 1.13's reference run:
$(diff "$src/tests/cli/warn_filter.reference.err" run.warnings)"

"$minaten" --strict run "$script" >strict.out 2>strict.err || fail "--strict run: exit status $?"
sed -n 's/^.*: UserWarning: /UserWarning: /p' strict.err >strict.warnings
cmp -s "$src/tests/cli/warn_filter.file.err" strict.warnings ||
  fail "minaten --strict run printed other warnings than python3 warn_filter.py under 1.13:
$(diff "$src/tests/cli/warn_filter.file.err" strict.warnings)"

if /usr/bin/python3 -c 'import torch' 2>/dev/null; then
  /usr/bin/python3 "$src/tools/oracle/record.py" --run-one "$script" 2>&1 >/dev/null |
    sed -n 's/^.*: UserWarning: /UserWarning: /p' >torch.reference.err
  cmp -s "$src/tests/cli/warn_filter.reference.err" torch.reference.err ||
    fail "warn_filter.reference.err is no longer what 1.13 prints: re-record it (see the top of this file)"
  (cd "$src/tests/cli" && /usr/bin/python3 warn_filter.py 2>&1 >/dev/null) |
    sed -n 's/^.*: UserWarning: /UserWarning: /p' >torch.file.err
  cmp -s "$src/tests/cli/warn_filter.file.err" torch.file.err ||
    fail "warn_filter.file.err is no longer what 1.13 prints: re-record it (see the top of this file)"
fi
echo ok
