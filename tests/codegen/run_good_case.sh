#!/bin/sh
# Two YAML files through one run: the second file's operators get entry
# points, kernel prototypes and registrations beside the first file's.
# Usage: run_good_case.sh CODEGEN SOURCE_ROOT MAIN.yaml EXTRA.yaml
set -eu
codegen=$1 root=$2 main=$3 extra=$4
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$codegen" --source-root "$root" --output-dir "$out" "$main" "$extra"
check() { grep -qF -- "$2" "$out/$1" || { echo "FAIL: $1 lacks: $2"; exit 1; }; }
check Functions.h 'Tensor* at_reshape(const Tensor* self, IntArrayRef shape);'
check Functions.h 'Tensor* at_scaled_view(const Tensor* self, int64_t n, OptionalDouble scale);'
check Functions.h '/* myns::scaled_view(Tensor(a) self, int n, float? scale=None) -> Tensor(a)'
check NativeFunctions.h 'Tensor* at_native_scaled_view_cpu(const Tensor* self, int64_t n, OptionalDouble scale);'
check RegisterCPU.c 'KernelFunction_makeUnboxed((UnboxedFunction)at_native_scaled_view_cpu, "at_native_scaled_view_cpu")'
check Operators.c 'Dispatcher_registerDef("myns::scaled_view(Tensor(a) self, int n, float? scale=None) -> Tensor(a)", "tests/codegen/good/extra_ops.yaml:'
check RegisterBackendSelect.c 'at_op_empty_memory_format'
check RegisterAll.c 'at_register_CompositeImplicitAutograd();'
# Unchanged outputs are not rewritten (their timestamps stay).
before=$(stat -c %Y "$out/Functions.c")
sleep 1
"$codegen" --source-root "$root" --output-dir "$out" "$main" "$extra"
[ "$(stat -c %Y "$out/Functions.c")" = "$before" ] || { echo "FAIL: an unchanged file was rewritten"; exit 1; }
echo "PASS"
