#!/bin/sh
# A gdb batch session: break in randn's fill (normal_fill_float, in the
# copy of ops/cpu/DistributionKernels.c for this CPU's capability) and check
# that the backtrace shows, from the innermost frame out: the kernel
# normal_stub picked, at::native::normal_, the dispatcher's at_normal_
# entry point (randn calls normal_ through the dispatcher), randn's
# CompositeExplicitAutograd kernel, BackendSelect (randn has no tensor
# argument: its dtype and device pick the backend), and the binding --
# the walk a reader makes with `b normal_fill` under `torch.randn`.
# Usage: randn_backtrace.sh path/to/minaten [path/to/tools/gdb/minaten.py]
exec "$(dirname "$0")/check_backtrace.sh" "$1" "${2:-}" normal_fill_float \
  'torch.manual_seed(0); torch.randn(2, 3, 4)' \
  ' normal_fill_float .*ops/cpu/DistributionKernels\.c:' ' normal_kernel .*ops/cpu/DistributionKernels\.c:' \
  ' at_native_normal_ .*ops/Distributions\.c:' ' at_normal_ .*generated/Functions\.c:' \
  ' at_native_randn .*ops/TensorFactoriesRandom\.c:' ' BackendSelect_boxedKernel .*dispatch/BackendSelect\.c:' \
  ' dispatch_overload .*csrc/autograd/python_bindings\.c:' ' main '
