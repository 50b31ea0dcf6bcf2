#!/bin/sh
# `minaten step-kernel` on the reshape walk: from call_unboxed_from_boxed
# (two `step`s away, through at_reshape_boxed_from_unboxed) into at_native_reshape, the
# kernel aten::reshape's table holds for AutogradCPU; from the entry point
# at__reshape_alias, once its `kernel` is looked up (not before: one line
# says why), into the Autograd kernel VariableType__reshape_alias; and from
# Dispatcher_callBoxed, before any key set is computed, into the kernel
# (aten::t: its Autograd kernel).
# Usage: step_kernel.sh path/to/minaten path/to/tools/gdb/minaten.py
exec "$(dirname "$0")/check_session.sh" "$1" "$2" \
  'a = torch.arange(24.).reshape(2, 3, 4); b = a.t()' \
  'break call_unboxed_from_boxed if op == at_op_reshape' run 'minaten step-kernel' 'info args' \
  'minaten step-kernel' delete 'break at__reshape_alias' continue 'minaten step-kernel' next next next \
  'minaten step-kernel' delete 'break Dispatcher_callBoxed if op == at_op_t' continue \
  'minaten step-kernel' 'minaten step-kernel now' \
  -- \
  '^Breakpoint 1, call_unboxed_from_boxed ' '^aten::reshape at AutogradCPU: at_native_reshape$' \
  '^Temporary breakpoint 2, at_native_reshape \(self=0x[0-9a-f]+ Tensor\(\[24\], stride=\[1\], Float, cpu\), proposed_shape=\[2, 3, 4\]\)' \
  '^proposed_shape = \[2, 3, 4\]$' \
  '^minaten step-kernel: at_native_reshape is not a dispatcher frame about to call a kernel' \
  '^Breakpoint 3, at__reshape_alias ' \
  '^minaten step-kernel: at__reshape_alias is not a dispatcher frame about to call a kernel' \
  '^aten::_reshape_alias at AutogradCPU: VariableType__reshape_alias$' \
  '^Temporary breakpoint 4, VariableType__reshape_alias \(self=0x[0-9a-f]+ Tensor\(\[24\], stride=\[1\], Float, cpu\), size=\[2, 3, 4\], stride=\[12, 4, 1\]\)' \
  '^Breakpoint 5, Dispatcher_callBoxed ' '^aten::t at AutogradCPU: VariableType_t$' \
  '^Temporary breakpoint 6, VariableType_t \(self=0x[0-9a-f]+ Tensor\(\[2, 3, 4\], stride=\[12, 4, 1\], Float, cpu\)\)' \
  '^usage: minaten step-kernel$'
