#!/bin/sh
# Builds minaten and runs every test:
#   1. Debug build (-O0 -g3, -Werror): all ctest tests (unit, codegen,
#      conformance, gdb, extension) and the valgrind run over the corpus;
#   2. when clang is installed (install-deps.sh installs it): the libFuzzer
#      targets of tests/fuzz, a minute each (tools/scripts/fuzz.sh, into
#      build-fuzz/); a crash, a sanitizer report or an internal assert fails;
#   3. ASan + UBSan build: all ctest tests except the valgrind and gdb ones
#      (fuzz.replay.* replays the corpora, with what step 2 found).
# Exits non-zero if any step fails.
set -eu
cd "$(dirname "$0")/../.."
JOBS=$(nproc 2>/dev/null || echo 2)

cmake --preset debug >/dev/null
cmake --build --preset debug -j "$JOBS"
ctest --preset debug -j "$JOBS"

if command -v clang >/dev/null 2>&1; then
  tools/scripts/fuzz.sh 60
else
  echo "run-tests: clang not installed, the fuzz targets are not run (tools/scripts/install-deps.sh installs it)"
fi

cmake --preset asan >/dev/null
cmake --build --preset asan -j "$JOBS"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --preset asan -j "$JOBS" -LE 'valgrind|gdb'
