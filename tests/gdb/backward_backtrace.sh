#!/bin/sh
# A gdb batch session: run `(a * b).sum().backward()` to MulBackward0's apply,
# then break in mul's impl function, which its formula reaches, and check
# that the backtrace shows, from the innermost frame out: the impl function,
# the CPU kernel generated around it, the dispatcher's call of that (the at_mul_Tensor entry point, below autograd), the Autograd
# kernel (VariableType_mul_Tensor, recording nothing: grad mode is off in a
# backward), the formula's FunctionsManual helper, the node's apply in the
# generated AutogradFunctions.c, the engine, run_backward, and the binding
# torch/_tensor.py's backward() reaches through torch.autograd.backward
# (THPEngine_run_backward, csrc/autograd/python_engine.c, called from
# CPython's eval loop) -- the walk a reader makes through PyTorch with
# `b at::native::structured_mul_out::impl` during `loss.backward()`.
# (The forward `a * b` calls the same kernel: --after skips it.)
# Usage: backward_backtrace.sh path/to/minaten [path/to/tools/gdb/minaten.py]
exec "$(dirname "$0")/check_backtrace.sh" "$1" "${2:-}" --after MulBackward0_apply at_impl_mul_out \
  'a = torch.ones(3, requires_grad=True); b = torch.full((3,), 2., requires_grad=True); (a * b).sum().backward()' \
  ' at_impl_mul_out .*ops/BinaryOps\.c:' ' wrapper_CPU_mul_Tensor .*generated/RegisterCPU\.c:' \
  ' at_mul_Tensor .*generated/Functions\.c:' \
  ' VariableType_mul_Tensor .*generated/VariableType\.c:' \
  ' mul_tensor_backward .*autograd/FunctionsManual\.c:' \
  ' MulBackward0_apply .*generated/AutogradFunctions\.c:' \
  ' evaluate_function .*autograd/engine\.c:' ' Engine_execute .*autograd/engine\.c:' \
  ' run_backward .*autograd/autograd\.c:' ' THPEngine_run_backward .*csrc/autograd/python_engine\.c:' \
  ' _PyEval_EvalFrameDefault ' ' main '
