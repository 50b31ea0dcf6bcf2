#!/bin/sh
# A write to standard output or to a picture's file that fails (/dev/full:
# ENOSPC) is an error, never output lost with exit status 0
# (Py_FinalizeEx's flush of sys.stdout, tools/minaten/main.c check_stdout):
#
#   - a script (-c, run, stdin): python3's report at exit and its status 120
#     (what `python3 -c 'print(1)' > /dev/full` prints: Python 3.11, without
#     PYTHONUNBUFFERED), however much it wrote;
#   - any other command: `minaten: COMMAND: cannot write standard output:
#     No space left on device`, status 1;
#   - -o FILE and --dot FILE: `minaten: COMMAND: cannot write FILE: ...`, 1;
#   - nothing written, or stdout closed (python3's sys.stdout is None): 0.
#
# The commands run without PYTHONUNBUFFERED, as python3's report above is
# without it (with it, print() itself fails and python3 prints a traceback).
#
# Usage: write_errors.sh path/to/minaten scratch-dir
set -u
minaten=$1 scratch=$2
mkdir -p "$scratch" && cd "$scratch" || exit 1
if [ ! -w /dev/full ]; then
  echo "no writable /dev/full: skipped"
  exit 0
fi
status=0
python_report="Exception ignored in: <_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>
OSError: [Errno 28] No space left on device"
# expect STATUS STDERR CMD: the shell command CMD (its stdout redirected in
# it; $m is minaten) exits with STATUS and prints exactly STDERR
expect() {
  want_status=$1 want_err=$2 cmd=$3
  m=$minaten env -u PYTHONUNBUFFERED sh -c "$cmd" 2>err.txt
  got_status=$?
  if [ "$got_status" != "$want_status" ] || [ "$(cat err.txt)" != "$want_err" ]; then
    printf 'FAIL: %s\n  want (%s): %s\n  got  (%s): %s\n' "$cmd" "$want_status" "$want_err" "$got_status" \
      "$(cat err.txt)"
    status=1
  fi
}
printf 'x = 3\nprint(x)\nprint("y" * 100000)\n' >script.py

# scripts: python3's report, 120 (a failed line under --strict too)
expect 120 "$python_report" '"$m" -c "print(1)" >/dev/full'
expect 120 "$python_report" '"$m" run script.py >/dev/full'
expect 120 "$python_report" '"$m" -c "print(\"z\" * 100000)" >/dev/full'
expect 120 "$python_report" '"$m" <script.py >/dev/full'
expect 120 "$python_report" '"$m" --trace=dispatch -c "x = torch.ones(2)" >/dev/full'
expect 120 "Traceback (most recent call last):
  File \"<string>\", line 2, in <module>
NameError: name 'q' is not defined
$python_report" '"$m" --strict -c "print(1)
q" >/dev/full'
# nothing written, or stdout closed: 0
expect 0 "" '"$m" -c "x = 1" >/dev/full'
expect 0 "" '"$m" -c "print(1)" >&-'

# the other commands: one line, 1
expect 1 "minaten: ops: cannot write standard output: No space left on device" '"$m" ops >/dev/full'
expect 1 "minaten: dispatch: cannot write standard output: No space left on device" \
  '"$m" dispatch aten::neg >/dev/full'
expect 1 "minaten: --help: cannot write standard output: No space left on device" '"$m" --help >/dev/full'
expect 1 "minaten: explain: cannot write standard output: No space left on device" \
  '"$m" explain -c "a = torch.ones(2, 3)" "a.reshape(3, 2)" >/dev/full'
expect 1 "minaten: memory: cannot write standard output: No space left on device" \
  '"$m" memory "torch.ones(2)" >/dev/full'
expect 1 "minaten: autograd-graph: cannot write standard output: No space left on device" \
  '"$m" autograd-graph -c "x = torch.ones(2, requires_grad=True)" "x * 2" >/dev/full'

# a picture's file
expect 1 "minaten: memory: cannot write /dev/full: No space left on device" \
  '"$m" memory -o /dev/full "torch.ones(2)"'
expect 1 "minaten: lazy-graph: cannot write /dev/full: No space left on device" \
  '"$m" lazy-graph -o /dev/full -c "x = torch.ones(2).to(\"lazy\")" "x + 1"'
expect 1 "minaten: --dot: cannot write /dev/full: No space left on device" \
  '"$m" --trace=dispatch --dot /dev/full -c "x = torch.ones(2)" >/dev/null'
mkdir -p adir
expect 1 "minaten: --dot: cannot write adir: Is a directory" \
  '"$m" --trace=dispatch --dot adir -c "x = torch.ones(2)" >/dev/null'
expect 1 "minaten: --dot: cannot write adir: Is a directory" \
  '"$m" --trace=dispatch --dot adir run script.py >/dev/null'
[ $status -eq 0 ] && echo ok
exit $status
