#!/bin/sh
# Runs the libFuzzer targets of tests/fuzz, side by side (docs/fuzzing.md).
#
#   tools/scripts/fuzz.sh [SECONDS [TARGET...]]
#
# SECONDS per target (default 60); TARGET: python, schema, codegen (default:
# all three).  Builds those targets of the `asan` preset (clang, ASan +
# UBSan: the build the sanitizer tests run in) into build-asan/, writes
# the seed corpora (tests/fuzz/make_seeds.py), then runs each target on its
# corpus, build-asan/tests/fuzz/corpus/TARGET/, which keeps what it finds
# from one run to the next (and which fuzz.replay.TARGET replays), with
# the seeds and tests/fuzz/corpus/TARGET/ read as well.
#
# One fuzzing process a target (-fork=1: each input batch in a child, so a
# timeout or an out-of-memory is noted and the run goes on; a crash, a
# sanitizer report, a leak or an INTERNAL ASSERT FAILED stops it).  The
# inputs that failed are saved as build-asan/tests/fuzz/artifacts/TARGET/
# {crash,leak,timeout,oom}-<sha1> and listed at the end; replay one with
#   build-asan/tests/fuzz/fuzz_TARGET FILE        (libFuzzer runs it once)
# Exit status: 0, or 1 if any target crashed (timeouts and OOMs do not
# count: a script may loop or ask for much memory, as under python3).
#
# For hours: tools/scripts/fuzz.sh 3600      (an hour per target)
# FUZZ_KEEP_GOING=1 tools/scripts/fuzz.sh ...: a crash does not stop the
# target (-ignore_crashes=1), so that one run collects several; the exit
# status is 1 all the same.  Every crash and leak input saved is run once
# more at the end, its first report line printed beside its name.
set -u
cd "$(dirname "$0")/../.."
SECONDS_EACH=${1:-60}
[ $# -gt 0 ] && shift
TARGETS=${*:-python schema codegen}

cmake --preset asan >/dev/null || exit 1
# only the targets run (not the whole tree, twice the time)
FUZZ_BINARIES=$(for t in $TARGETS; do printf ' fuzz_%s' "$t"; done)
# shellcheck disable=SC2086
cmake --build --preset asan -j "$(nproc 2>/dev/null || echo 2)" --target $FUZZ_BINARIES >/dev/null || exit 1
DIR=build-asan/tests/fuzz
python3 tests/fuzz/make_seeds.py "$DIR/seeds" || exit 1

# The seed folder a target starts from.  fuzz_python's 14,000 statements
# take minutes to run once, before fuzzing begins (libFuzzer's first pass
# over its inputs, which -max_total_time does not count), so a run of less
# than ten minutes a target, as run-tests.sh's, starts fuzz_python from
# the hand-picked corpus and what earlier runs found; fuzz.replay.python
# runs every seed anyway, in this build.
seeds() {
  if [ "$1" != python ] || [ "$SECONDS_EACH" -ge 600 ]; then echo "$DIR/seeds/$1"; fi
}

# One target for SECONDS_EACH seconds: its report on stdout, status 1 if it
# failed.
fuzz_one() {
  t=$1
  mkdir -p "$DIR/corpus/$t" "$DIR/artifacts/$t"
  touch "$DIR/artifacts/$t.start"
  echo "fuzz.sh: fuzz_$t for $SECONDS_EACH s"
  # stdout: the scripts' printing, closed (-close_fd_mask=1); stderr
  # (codegen's error messages, libFuzzer's progress) into the log
  "$DIR/fuzz_$t" -fork=1 -ignore_crashes="${FUZZ_KEEP_GOING:-0}" -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -close_fd_mask=1 -dict="tests/fuzz/$t.dict" -artifact_prefix="$DIR/artifacts/$t/" \
    "$DIR/corpus/$t" $(seeds "$t") "tests/fuzz/corpus/$t" >"$DIR/fuzz_$t.log" 2>&1
  rc=$?
  tail -n 3 "$DIR/fuzz_$t.log"
  # a seed that crashes is saved as crash-* while libFuzzer goes on: count it
  new=$(find "$DIR/artifacts/$t" -newer "$DIR/artifacts/$t.start" \( -name 'crash-*' -o -name 'leak-*' \) | head -n 1)
  # fork mode exits with the code of the last failure it ignored: 70
  # (-timeout_exitcode) after a timeout, 71 after an out-of-memory, which
  # are no failures here (a script such as `while 1: pass` loops, as under
  # python3)
  if { [ "$rc" -eq 70 ] || [ "$rc" -eq 71 ]; } && [ -z "$new" ]; then rc=0; fi
  if [ "$rc" -ne 0 ] || [ -n "$new" ]; then
    echo "fuzz.sh: fuzz_$t FAILED (exit status $rc); the report, from $DIR/fuzz_$t.log:"
    grep -n -A 40 -m 1 -e 'ERROR: ' -e 'INTERNAL ASSERT FAILED' -e 'runtime error:' "$DIR/fuzz_$t.log" | head -n 60
    return 1
  fi
  return 0
}

# The targets side by side (each fuzzing process is one thread: on two
# cores, three targets take a minute, not three), their reports in turn.
pids=""
for t in $TARGETS; do
  fuzz_one "$t" >"$DIR/fuzz_$t.summary" 2>&1 &
  pids="$pids $!"
done
status=0
for pid in $pids; do wait "$pid" || status=1; done
for t in $TARGETS; do cat "$DIR/fuzz_$t.summary"; done
for t in $TARGETS; do
  for f in "$DIR/artifacts/$t"/*; do
    [ -f "$f" ] || continue
    case "$f" in
      */crash-*|*/leak-*)
        why=$("$DIR/fuzz_$t" "$f" 2>&1 | grep -m 1 -e 'INTERNAL ASSERT FAILED' -e 'runtime error:' -e 'ERROR: ' -e 'Sanitizer')
        echo "fuzz.sh: saved input: $f: $why" ;;
      *) echo "fuzz.sh: saved input: $f" ;;
    esac
  done
done
exit $status
