#!/bin/sh
# Operator libraries that cannot load, or whose kernel misbehaves: each is
# refused with one clear error, the line after it runs, and nothing of the
# library stays registered.  (Messages naming the scratch folder are
# checked here rather than in a recorded script: the folder differs.)
# Usage: bad_input.sh MINATEN LIBRARY_DIR SCRATCH_DIR
set -u
minaten=$1 libdir=$2 scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch" || exit 1
ln -s "$libdir"/lib*.so . || exit 1
here=$(pwd -P)
built=$(cd "$libdir" && pwd -P) # the real path of a symlinked library, as os.path.realpath
failed=0
expect() { # expect NAME EXPECTED ACTUAL
  if [ "$2" != "$3" ]; then
    printf 'FAIL %s\n--- expected\n%s\n--- got\n%s\n' "$1" "$2" "$3"
    failed=$((failed + 1))
  fi
}

out=$("$minaten" -c 'import torch
torch.ops.load_library("libnope.so")
torch.ops.load_library("libunresolved.so")
torch.ops.load_library("libnoblock.so")
torch.ops.load_library("libhalfway.so")
torch.ops.halfops.first
print(torch.neg(torch.tensor([1.])))
torch.ops.load_library("libsilent.so")
torch.ops.silentops.f(torch.zeros(1))
torch.ops.load_library("libmyops.so")
torch.ops.load_library("./libmyops.so")
torch.ops.load_library(3)
print(torch.ops.myops.cube(torch.tensor([2.])))' 2>/dev/null)
expect "errors in the dialect" "OSError: $here/libnope.so: cannot open shared object file: No such file or directory
OSError: $built/libunresolved.so: undefined symbol: at_no_such_entry_point
OSError: $built/libnoblock.so: no MINATEN_LIBRARY, MINATEN_LIBRARY_FRAGMENT or MINATEN_LIBRARY_IMPL block: not an operator library (dispatch/Library.h)
RuntimeError: Tried to register an operator (halfops::second(Tensor self) -> Tensor) with the same name and overload name multiple times. Each overload's schema should only be registered with a single call to def(). Duplicate registration: registered at tests/library/halfway.c:22. Original registration: registered at tests/library/halfway.c:22  (Error occurred while processing MINATEN_LIBRARY_FRAGMENT block at tests/library/halfway.c:22)
AttributeError: '_OpNamespace' 'halfops' object has no attribute 'first'
tensor([-1.])
RuntimeError: silentops::f: internal error in operator library libsilent.so: its kernel forgets_the_error (registered at tests/library/silent.c:16) failed without setting an error
TypeError: expected str, bytes or os.PathLike object, not int
tensor([8.])" "$out"

# --load: the same errors on stderr, exit status 1, nothing runs
err=$("$minaten" --load libnope.so -c 'print(1)' 2>&1); rc=$?
expect "--load of a missing file" "minaten: --load libnope.so: OSError: $here/libnope.so: cannot open shared object file: No such file or directory (status 1)" "$err (status $rc)"
err=$("$minaten" --load libhalfway.so ops halfops 2>&1 >/dev/null | grep '^minaten:' | head -c 60)
expect "--load of a library failing halfway" "minaten: --load libhalfway.so: RuntimeError: Tried to regist" "$err"
err=$("$minaten" --load 2>&1 | head -n 1)
expect "--load without a path" "minaten: --load: expected a shared library" "$err"

# what a loaded library adds is listed
out=$("$minaten" --load libmyops.so ops myops::)
expect "ops after --load" "myops::cube(Tensor self) -> Tensor
myops::scale.Scalar(Tensor self, Scalar factor=2) -> Tensor
myops::softsign(Tensor self) -> Tensor" "$out"
out=$("$minaten" --load libmyops.so --load liboverride.so dispatch aten::sub.Tensor 2>/dev/null | grep '^CPU:')
expect "dispatch of an overridden kernel" "CPU: registered at tests/library/override.c:16 [kernel] sub_that_adds" "$out"
out=$("$minaten" --load libmyops.so dispatch myops::undefined_op | head -n 2)
expect "dispatch of an operator with a kernel and no schema" "===== myops::undefined_op
CPU: registered at tests/library/myops.c:44 [kernel] cube_cpu" "$out"
err=$("$minaten" --load liboverride.so -c 'pass' 2>&1 | head -n 1)
expect "the override's warning" "UserWarning: Overriding a previously registered kernel for the same operator and the same dispatch key" "$err"

echo "$failed failed"
[ $failed -eq 0 ]
