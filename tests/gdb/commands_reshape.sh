#!/bin/sh
# The `minaten` gdb commands on the reshape walk: `minaten break` before
# `run` (set once the operators are registered), `info args` with
# pretty-printed tensors, `minaten tensor` reading a view's elements through
# its strides (the transposed tensor reshape has to clone), `minaten keys`,
# `minaten dispatch` (checked against `minaten dispatch` of the command line
# by commands_dispatch.sh), `bt` through the generated boxed_from_unboxed,
# `minaten trace on`, and one-line errors for bad input.
# Usage: commands_reshape.sh path/to/minaten path/to/tools/gdb/minaten.py
exec "$(dirname "$0")/check_session.sh" "$1" "$2" \
  'a = torch.arange(24.).reshape(2, 3, 4); b = a.transpose(0, 1).reshape(3, 8)' \
  'minaten break aten::_reshape_alias CPU' run 'info args' 'minaten tensor self' \
  'minaten keys self aten::_reshape_alias' 'bt' \
  'delete' 'minaten break aten::clone' continue 'minaten tensor src' 'minaten tensor self' 'up' 'minaten keys self' \
  'minaten tensor memory_format' 'minaten tensor nosuchvariable' 'minaten dispatch aten::nope' \
  'minaten dispatch no such' 'minaten break aten::view Nope' 'minaten keys' 'minaten fold maybe' \
  'minaten trace on' 'delete' 'minaten break aten::_unsafe_view' continue 'call (int)fflush(0)' \
  'minaten trace off' 'minaten trace sideways' \
  -- \
  '^minaten break aten::_reshape_alias CPU: the program has not started; done when minaten._C starts' \
  '^Breakpoint 1 at .*TensorShape.c' '^aten::_reshape_alias at CPU: at_native__reshape_alias$' \
  '^Breakpoint 1, at_native__reshape_alias \(self=0x[0-9a-f]+ Tensor\(\[24\], stride=\[1\], Float, cpu\), size=\[2, 3, 4\], stride=\[12, 4, 1\]\)' \
  '^self = 0x[0-9a-f]+ Tensor\(\[24\], stride=\[1\], Float, cpu\)$' '^size = \[2, 3, 4\]$' \
  '^Tensor 0x[0-9a-f]+: sizes \[24\], strides \[1\], storage offset 0, Float, cpu, contiguous, refcount 1$' \
  '^keys: DispatchKeySet\(CPU, ADInplaceOrView, AutogradCPU\)$' \
  '^storage: 0x[0-9a-f]+, 96 bytes \(24 elements of Float\), refcount 1, data 0x[0-9a-f]+$' \
  '^values: \[0\.0, 1\.0, 2\.0, .*, 22\.0, 23\.0\]$' \
  '^tensor: +DispatchKeySet\(CPU, ADInplaceOrView, AutogradCPU\)$' \
  '^included: +DispatchKeySet\(BackendSelect, ADInplaceOrView\)$' \
  '^excluded: +DispatchKeySet\(ADInplaceOrView, AutogradOther, AutogradCPU, AutogradLazy, AutogradMeta\)$' \
  '^dispatch: +DispatchKeySet\(CPU, BackendSelect\) -> BackendSelect$' \
  '^aten::_reshape_alias: DispatchKeySet\(CPU\) -> CPU \[at_native__reshape_alias\]$' \
  '^#0  at_native__reshape_alias ' ' at__reshape_alias ' ' ADInplaceOrView__reshape_alias ' \
  ' VariableType__reshape_alias ' \
  ' at_native_reshape \(self=0x[0-9a-f]+ Tensor\(\[24\], stride=\[1\], Float, cpu\), proposed_shape=\[2, 3, 4\]\)' \
  ' at_reshape_boxed_from_unboxed \(kernel=0x[0-9a-f]+ <at_native_reshape>, ' ' call_unboxed_from_boxed ' \
  ' Dispatcher_callBoxed ' ' main ' \
  '^aten::clone at CPU: at_native_clone$' '^Breakpoint 2, at_native_clone ' \
  '^Tensor 0x[0-9a-f]+: sizes \[3, 2, 4\], strides \[4, 12, 1\], storage offset 0, Float, cpu, not contiguous' \
  '^values: \[\[\[0\.0, 1\.0, 2\.0, 3\.0\], \[12\.0, 13\.0, 14\.0, 15\.0\]\], \[\[4\.0, 5\.0, 6\.0, 7\.0\], \[16\.0, 17\.0, 18\.0, 19\.0\]\], \[\[8\.0, 9\.0, 10\.0, 11\.0\], \[20\.0, 21\.0, 22\.0, 23\.0\]\]\]$' \
  '^minaten tensor: Cannot access memory at address 0x[0-9a-f]+$' \
  '^aten::clone: DispatchKeySet\(CPU\) -> CPU \[at_native_clone\]$' \
  '^memory_format is not a tensor \(its type is OptionalMemoryFormat\)$' \
  '^nosuchvariable: No symbol "nosuchvariable" in current context\.$' \
  '^no operator named aten::nope$' "^'no' is not an operator name|^usage: minaten dispatch OP$" \
  "^unknown dispatch key 'Nope' \(runtime keys: CPU, Lazy, Meta, QuantizedCPU, " \
  '^usage: minaten keys EXPR \[OP\]$' '^usage: minaten fold on\|off$' \
  '^Dispatcher_verbose = true$' '^aten::_unsafe_view at CPU: at_native__unsafe_view$' \
  '^\[dispatch\] aten::copy_  CPU -> at_native_copy_ ' \
  '^\[dispatch\] aten::_unsafe_view  AutogradCPU -> VariableType__unsafe_view \[autograd kernel\]$' \
  '^\[dispatch\]   aten::_unsafe_view  CPU -> at_native__unsafe_view ' \
  '^Dispatcher_verbose = false$' '^usage: minaten trace on\|off$'
