#!/bin/sh
# Installs the Debian packages minaten needs to build and test, when missing.
# Nothing is downloaded at build time beyond these packages.
set -eu
# clang + libclang-rt-14-dev (libFuzzer, clang's sanitizers) + llvm (its
# llvm-symbolizer names the frames of a crash): the fuzz targets of tests/fuzz.
# libsleef-dev: the vector exp, sin, ... the AVX2/AVX512 loops call (as Debian's libtorch does).
# graphviz: its `dot` renders the pictures (minaten memory, --dot; tests/pictures).
# python3-dev: CPython's headers and libpython3.11, for the extension minaten._C and the
# `minaten` executable, which embeds CPython (cmake/python.cmake).
# libdlpack-dev: DLPack's header, for torch.from_dlpack / Tensor.__dlpack__ (csrc/DLConvertor.c).
# python3-numpy: NumPy, for the tests of t.numpy() / torch.from_numpy (the
# extension itself imports and works without it).
PACKAGES="gcc libc6-dev make cmake pkg-config libffi-dev libyaml-dev uthash-dev libcmocka-dev libsleef-dev python3 python3-dev libdlpack-dev python3-numpy gdb valgrind
clang libclang-rt-14-dev llvm graphviz"
# python3.11-dbg: CPython's debug symbols and gdb's py-bt / py-list for the
# python3 and the libpython3.11 that minaten embeds (docs/debugging.md); the
# gdb transcripts of the docs show CPython's frames as they read with it.
PACKAGES="$PACKAGES python3.11-dbg"
missing=""
for p in $PACKAGES; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "install-deps: installing$missing"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
