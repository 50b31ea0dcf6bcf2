#!/bin/sh
# gdb auto-loads the extension for an installed bin/minaten: installs this
# build into a scratch prefix (cmake --install), then starts gdb on
# PREFIX/bin/minaten with nothing sourced but the two settings
# docs/debugging.md gives for a prefix other than /usr, and checks that the
# auto-load script ran (info auto-load), that the printers and the
# `minaten` commands are there, and that `minaten break` before `run` works;
# then the same for a python3 importing the installed package (the script
# written for its _C*.so).
# gdb runs in a scratch folder outside the source tree (mktemp -d), and must
# list the kernel's source line and the generated entry point's
# (share/minaten/gdb/minaten_source.py names the tree: the build records
# paths relative to it, ops/UnaryOps.c).
# Usage: autoload.sh CMAKE BUILD_DIR SCRATCH_DIR
set -u
CMAKE=$1 BUILD=$2 SCRATCH=$3
rm -rf "$SCRATCH"
mkdir -p "$SCRATCH"
"$CMAKE" --install "$BUILD" --prefix "$SCRATCH/prefix" >"$SCRATCH/install.log" 2>&1 \
  || { cat "$SCRATCH/install.log"; echo "FAIL: cmake --install"; exit 1; }
prefix=$(cd "$SCRATCH/prefix" && pwd -P)
out=$SCRATCH/gdb.log
outside=$(mktemp -d)
trap 'rm -rf "$outside"' EXIT
(cd "$outside" && gdb -nx -batch -iex 'set debuginfod enabled off' \
  -iex "add-auto-load-safe-path $prefix/share/gdb/auto-load" \
  -iex "add-auto-load-scripts-directory $prefix/share/gdb/auto-load" \
  -ex 'info auto-load python-scripts' -ex 'minaten break aten::rsqrt' -ex run -ex 'info args' \
  -ex 'minaten tensor self' -ex 'frame 1' -ex kill \
  --args "$prefix/bin/minaten" -c 'b = torch.tensor([4., 16.]).rsqrt()') >"$out" 2>&1
cat "$out"
for pattern in "^Yes +$prefix/share/gdb/auto-load$prefix/bin/minaten-gdb.py" \
  '^minaten break aten::rsqrt CPU: the program has not started' '^aten::rsqrt at CPU: wrapper_CPU_rsqrt$' \
  '^[0-9]+[[:space:]]+ *StructuredOp_initFunctional\(&op, DeviceType_CPU, 1\);$' \
  '^self = 0x[0-9a-f]+ Tensor\(\[2\], stride=\[1\], Float, cpu\)$' '^values: \[4\.0, 16\.0\]$' \
  '^#1 .* at_rsqrt \(.*\) at build/generated/Functions\.c:[0-9]+$' '^[0-9]+[[:space:]]+ *return \(\(at_rsqrt_fn\)kernel->unboxed\)\(self\);$'; do
  grep -qE -- "$pattern" "$out" || { echo "FAIL: no line matching '$pattern'"; exit 1; }
done
if grep -qE "Traceback|Python Exception" "$out"; then echo "FAIL: a Python traceback"; exit 1; fi
if grep -q "No such file or directory" "$out"; then echo "FAIL: gdb did not find a source file"; exit 1; fi

# A python3 that imports the installed package: the script for its _C*.so
# runs when the library is loaded (the `minaten` commands exist from then on).
printf 'import minaten as torch\nb = torch.tensor([4., 16.]).rsqrt()\n' >"$outside/rsqrt.py"
pyout=$SCRATCH/gdb-python3.log
(cd "$outside" && PYTHONPATH=$prefix/lib/python3/dist-packages gdb -nx -batch -iex 'set debuginfod enabled off' \
  -iex "add-auto-load-safe-path $prefix/share/gdb/auto-load" \
  -iex "add-auto-load-scripts-directory $prefix/share/gdb/auto-load" \
  -ex 'set breakpoint pending on' -ex 'break wrapper_CPU_rsqrt' -ex run -ex 'info auto-load python-scripts' \
  -ex 'minaten tensor self' -ex kill --args /usr/bin/python3 rsqrt.py) >"$pyout" 2>&1
cat "$pyout"
for pattern in "^Yes +$prefix/share/gdb/auto-load$prefix/lib/python3/dist-packages/minaten/_C\.[^ ]*\.so-gdb\.py" \
  '^values: \[4\.0, 16\.0\]$'; do
  grep -qE -- "$pattern" "$pyout" || { echo "FAIL: no line matching '$pattern'"; exit 1; }
done
if grep -qE "Traceback|Python Exception|No such file or directory" "$pyout"; then echo "FAIL: python3 session"; exit 1; fi
echo "PASS"
