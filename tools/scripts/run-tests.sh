#!/bin/sh
# Builds minaten and runs every test:
#   1. Debug build (-O0 -g3, -Werror): all ctest tests (unit, codegen,
#      conformance, python, gdb, extension, ...) and the valgrind runs
#      (label valgrind: the corpus and the other scripts in a few minaten
#      processes, tests/valgrind/);
#   2. the ASan + UBSan build (clang, -O1: the `asan` preset, build-asan/),
#      which also has the libFuzzer targets of tests/fuzz: they run a minute
#      each (tools/scripts/fuzz.sh); a crash, a sanitizer report or an
#      internal assert fails;
#   3. in that build, the ctest tests except the valgrind and gdb ones and
#      those that also run PyTorch 1.13 (label torch: the same cases as
#      their minaten-only twins, compared live, which step 1 ran)
#      (fuzz.replay.* replays the corpora, with what step 2 found; the
#      conformance scripts run in two minaten processes, conformance.asan.0
#      and 1);
#   4. ThreadSanitizer build: the tests that run kernels on the intra-op
#      threads (label threads: tests/conformance/threads at 1, 2 and 4
#      threads, unit.test_parallel); a data race fails.
# Prints each step's time on its last line; exits non-zero if any step fails.
set -eu
cd "$(dirname "$0")/../.."
JOBS=$(nproc 2>/dev/null || echo 2)
start=$(date +%s)
step() { echo "run-tests: $1 took $(( $(date +%s) - start )) s"; start=$(date +%s); }

cmake --preset debug >/dev/null
cmake --build --preset debug -j "$JOBS"
step "the Debug build"
ctest --preset debug -j "$JOBS"
step "the Debug tests"

cmake --preset asan >/dev/null
cmake --build --preset asan -j "$JOBS"
step "the ASan+UBSan build (clang, with the fuzz targets)"
tools/scripts/fuzz.sh 60
step "the fuzzers"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --preset asan -j "$JOBS" -LE 'valgrind|gdb|torch'
step "the ASan+UBSan tests"

# (the generator is the Debug build's: instrumented, it runs for minutes)
cmake --preset tsan -DMINATEN_CODEGEN_EXECUTABLE="$PWD/build/minaten_codegen" >/dev/null
cmake --build --preset tsan -j "$JOBS" --target minaten test_parallel
step "the ThreadSanitizer build"
ctest --preset tsan
step "the ThreadSanitizer tests"
