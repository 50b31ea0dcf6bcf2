#!/bin/sh
# Scripts under valgrind, many in one process (tests/valgrind/driver.py):
# valgrind starts CPython once for all of them instead of once a script.
# Fails on any memory error, definite or indirect leak, crash or internal
# assert, and names the script that made it: the report under the driver's
# `driver: run SCRIPT` line, or `at start` or `at exit`.  Outputs are not
# compared here (the conformance tests do that).
#
# Leaks are looked for once, at exit (valgrind's --leak-check=full): a leak
# check scans the whole heap, and one after each script made the run half
# as long again.  A leak found at exit has the scripts run once more in one
# process with the driver's leak check after each (CLIENT.so,
# tests/valgrind/client.c), which names the scripts that lost memory.
#
# In the ASan+UBSan build the same runs with /usr/bin/env for VALGRIND and
# lsan for CLIENT.so (tests/conformance/register_tests.cmake): the
# sanitizers' reports (==PID==ERROR: ..., runtime error: ...) fail it the same
# way.  LeakSanitizer checks once, at exit (in the middle of a run it takes
# CPython's own objects for leaks), so a leak found there has each script
# run again in a process of its own to name the scripts that lost memory.
#
# Usage: run_scripts.sh VALGRIND CLIENT.so MINATEN SCRATCH_DIR [--strict] [MINATEN_OPTION...] -- SCRIPT...
#   VALGRIND     build/tests/valgrind/valgrind (valgrind.in: the options, the suppressions)
#   CLIENT.so    build/tests/valgrind/libminaten_valgrind_client.so, for naming
#                leaks (none: a leak at exit is not named; lsan: LeakSanitizer, above)
#   --strict     each script as `minaten --strict run` runs it
#   MINATEN_OPTION...   given to minaten (--load LIB.so, --yaml FILE, --trace=dispatch)
# The scripts run in SCRATCH_DIR (made if missing; what is in it stays, such
# as the libraries a caller linked there); their stdout goes to SCRATCH_DIR/stdout.txt,
# valgrind's report and their stderr to SCRATCH_DIR/valgrind.txt.
set -u
valgrind=$1 client=$2 minaten=$3 scratch=$4
shift 4
strict=0
if [ "${1:-}" = "--strict" ]; then strict=1; shift; fi
options=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do options="$options $1"; shift; done
[ $# -gt 0 ] && shift
here=$(cd "$(dirname "$0")" && pwd)
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
valgrind=$(absolute "$valgrind") minaten=$(absolute "$minaten")
case "$client" in none | lsan) ;; *) client=$(absolute "$client") ;; esac
mkdir -p "$scratch" || exit 1
: >"$scratch/scripts.txt"
for script in "$@"; do absolute "$script" >>"$scratch/scripts.txt"; done
cd "$scratch" || exit 1
# run_driver CLIENT REPORT: the driver on every script
run_driver() {
  # shellcheck disable=SC2086
  MINATEN_DRIVER_SCRIPTS="$scratch/scripts.txt" MINATEN_DRIVER_STRICT=$strict MINATEN_DRIVER_CLIENT="$1" \
    "$valgrind" "$minaten" --strict $options run "$here/driver.py" >stdout.txt 2>"$2"
}
# reported REPORT: the scripts with a report, each under the script that
# was running: valgrind's lines (==PID== ...) between one `driver: run` line
# and the next; warnings (==PID== Warning: ...) are none.
reported() {
  awk '
    /^driver: run / { script = substr($0, 13); next }
    /^driver: done/ { script = "at exit" ; next }
    /^==[0-9]+== Warning: / { next }
    /^==[0-9]+== ./ || /^==[0-9]+==ERROR: / || /runtime error: / || /INTERNAL ASSERT FAILED/ {
      name = script == "" ? "at start" : script
      if (!(name in seen)) { seen[name] = 1; order[n++] = name }
    }
    END { for (i = 0; i < n; i++) print order[i] }' "$1"
}
run_driver none valgrind.txt
status=$?
failed=$(reported valgrind.txt)
done_line=$(grep -c '^driver: done' valgrind.txt)
if [ "$failed" = "at exit" ] && [ "$client" != lsan ] && [ "$client" != none ]; then
  # a leak found at exit: the scripts once more, a leak check after each
  run_driver "$client" named.txt
  named=$(reported named.txt | grep -v -x -e 'at start' -e 'at exit')
  if [ -n "$named" ]; then
    failed=$named
    cat named.txt >>valgrind.txt
  fi
elif [ "$client" = lsan ] && [ "$failed" = "at exit" ]; then
  # a leak found at exit: which scripts lost memory, each run on its own
  one_options=$options
  [ "$strict" = 1 ] && one_options="--strict $options"
  failed=$(while IFS= read -r script; do
    # shellcheck disable=SC2086
    "$valgrind" "$minaten" $one_options run "$script" >/dev/null 2>one.txt
    if grep -q -e '^==[0-9]*==ERROR: ' one.txt; then
      echo "$script"
      { echo "driver: run $script"; cat one.txt; } >>valgrind.txt
    fi
  done <"$scratch/scripts.txt")
  [ -n "$failed" ] || failed="at exit"
fi
if [ "$status" -eq 0 ] && [ -z "$failed" ] && [ "$done_line" -eq 1 ]; then
  echo "$# passed, 0 failed"
  exit 0
fi
nfailed=0
if [ -n "$failed" ]; then
  # scripts named; a report at start or at exit only (a leak found at exit
  # repeats those found after each script) counts as one failure
  nfailed=$(echo "$failed" | grep -c -v -x -e 'at start' -e 'at exit')
  [ "$nfailed" -eq 0 ] && nfailed=1
  echo "$failed" | while IFS= read -r name; do
    echo "FAIL $name"
    awk -v name="$name" '
      /^driver: run / { script = substr($0, 13); next }
      /^driver: done/ { script = "at exit"; next }
      { s = script == "" ? "at start" : script }
      s == name && (/^==[0-9]+== / || /^==[0-9]+==ERROR: / || /^    #[0-9]/ || /runtime error: / ||
                    /INTERNAL ASSERT FAILED/) && !/Warning: / { print; if (++k == 40) exit }' valgrind.txt
  done
fi
if [ "$done_line" -ne 1 ]; then
  echo "FAIL: the driver did not finish (exit status $status); the end of $scratch/valgrind.txt:"
  tail -n 30 valgrind.txt
  # the script that was running, and those never run, count as failed
  ran=$(grep -c '^driver: run ' valgrind.txt)
  [ "$nfailed" -eq 0 ] && [ "$ran" -gt 0 ] && nfailed=1
  nfailed=$((nfailed + $# - ran))
elif [ "$status" -ne 0 ] && [ -z "$failed" ]; then
  echo "FAIL: exit status $status; the end of $scratch/valgrind.txt:"
  tail -n 30 valgrind.txt
  nfailed=1
fi
echo "$(($# - nfailed)) passed, $nfailed failed"
exit 1
