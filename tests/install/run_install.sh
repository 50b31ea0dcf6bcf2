#!/bin/sh
# minaten as an installed library, as another project uses it:
#   1. `cmake --install BUILD --prefix SCRATCH/prefix`;
#   2. libminaten.so's SONAME is libminaten.so.0, and the installed minaten
#      executable exports the dispatcher's symbols (one dispatcher per process);
#   3. a file that includes only <minaten/minaten.h> compiles against the
#      prefix alone with -std=c11 -Wall -Wextra -Werror, and the headers the
#      compiler read under the prefix are exactly those installed (none
#      missing, none extra: cmake/install.cmake's list);
#   4. consumer.c, built (a) by a CMake project with find_package(minaten)
#      (project/; run through the RPATH CMake gives it) and (b) with
#      `cc $(pkg-config --cflags --libs minaten)` (run with LD_LIBRARY_PATH),
#      prints expected.out on stdout and expected.err on stderr.
# Usage: run_install.sh CMAKE BUILD_DIR SCRATCH_DIR
set -eu
cmake=$1 build=$2 scratch=$3
here=$(cd "$(dirname "$0")" && pwd)
prefix=$scratch/prefix
rm -rf "$scratch"
mkdir -p "$scratch"
fail() { echo "install: $*" >&2; exit 1; }

"$cmake" --install "$build" --prefix "$prefix" >"$scratch/install.log" 2>&1 || { cat "$scratch/install.log"; exit 1; }

# 2.
readelf -d "$prefix/lib/libminaten.so" | grep -q 'SONAME.*\[libminaten\.so\.0\]' || fail "SONAME is not libminaten.so.0"
for sym in Dispatcher_registerDef at_mul_Tensor Tensor_retain; do
  nm -D --defined-only "$prefix/bin/minaten" | grep -q " T $sym\$" || fail "bin/minaten does not export $sym"
done
"$prefix/bin/minaten-codegen" 2>&1 | grep -q '^usage: minaten_codegen' || fail "bin/minaten-codegen does not run"

# 3.
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
cflags=$(pkg-config --cflags minaten)
libs=$(pkg-config --libs minaten)
printf '#include <minaten/minaten.h>\n' >"$scratch/header_only.c"
# shellcheck disable=SC2086
cc -std=c11 -Wall -Wextra -Werror $cflags -c "$scratch/header_only.c" -o "$scratch/header_only.o" \
  -MD -MF "$scratch/header_only.d"
prefix_abs=$(cd "$prefix" && pwd -P)
tr ' \\' '\n\n' <"$scratch/header_only.d" | grep '\.h$' | while read -r h; do
  [ -e "$h" ] && (cd "$(dirname "$h")" && printf '%s/%s\n' "$(pwd -P)" "$(basename "$h")")
done | grep "^$prefix_abs/include/" | sort -u >"$scratch/headers.read"
find "$prefix_abs/include" -type f | sort >"$scratch/headers.installed"
diff "$scratch/headers.installed" "$scratch/headers.read" ||
  fail "installed headers (<) differ from those <minaten/minaten.h> reaches (>): cmake/install.cmake"

# 4. (a) find_package
"$cmake" -S "$here/project" -B "$scratch/project" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Debug \
  >"$scratch/project.log" 2>&1 || { cat "$scratch/project.log"; exit 1; }
"$cmake" --build "$scratch/project" >>"$scratch/project.log" 2>&1 || { cat "$scratch/project.log"; exit 1; }
# (b) pkg-config
# shellcheck disable=SC2086
cc -std=c11 -Wall -Wextra -Werror -o "$scratch/consumer_pc" "$here/consumer.c" $cflags $libs

check() { # check NAME: NAME.out / NAME.err against expected.out / expected.err
  diff -u "$here/expected.out" "$scratch/$1.out" || fail "$1: stdout differs from expected.out"
  diff -u "$here/expected.err" "$scratch/$1.err" || fail "$1: stderr differs from expected.err"
}
(cd "$here" && "$scratch/project/consumer" script.py >"$scratch/consumer_cmake.out" 2>"$scratch/consumer_cmake.err")
check consumer_cmake
(cd "$here" && LD_LIBRARY_PATH="$prefix/lib" "$scratch/consumer_pc" script.py >"$scratch/consumer_pc.out" 2>"$scratch/consumer_pc.err")
check consumer_pc
readelf -d "$scratch/consumer_pc" | grep -q 'NEEDED.*\[libminaten\.so\.0\]' || fail "consumer_pc does not load libminaten.so.0"
echo "install: ok ($prefix)"
