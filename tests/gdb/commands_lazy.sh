#!/bin/sh
# The `minaten` gdb commands on reshape's lazy route: `minaten break
# aten::view_copy Lazy` (before `run`) stops in the boxed Lazy kernel only
# for aten::view_copy (a condition on `op`: the kernel serves every
# operator); a lazy tensor is a functional wrapper, as in 1.13, so the view
# reaches the backend as its *_copy operator, from the Functionalize
# kernel of view; `minaten tensor` shows the lazy tensor under the wrapper:
# no storage, its IR node; `minaten keys` in the kernel's frame masks with
# aten::view_copy's keys; the backtrace shows the Functionalize hop and
# at_native_reshape taking its `view` branch.
# Usage: commands_lazy.sh path/to/minaten path/to/tools/gdb/minaten.py
exec "$(dirname "$0")/check_session.sh" "$1" "$2" \
  'a = torch.arange(6.).to("lazy"); b = a.reshape(2, 3); c = b.reshape(3, 2)' \
  'minaten break aten::view_copy Lazy' run 'minaten tensor args[0]' 'minaten keys args[0]' 'bt' \
  continue 'minaten tensor args[0]' 'minaten tensor args[1]' \
  -- \
  '^minaten break aten::view_copy Lazy: the program has not started' \
  '^Breakpoint 1 at .*LazyNativeFunctions.c' '^aten::view_copy at Lazy: LazyNativeFunctions_boxed if op is aten::view_copy$' \
  '^Breakpoint 1, LazyNativeFunctions_boxed \(' \
  '^Tensor 0x[0-9a-f]+: sizes \[6\], strides \[1\], storage offset 0, Float, lazy, contiguous' \
  '^keys: DispatchKeySet\(Lazy, ADInplaceOrView, AutogradLazy\)$' '^storage: none$' \
  '^lazy: node [0-9]+ \(DeviceData\), shape Float \[6\]$' \
  '^tensor: +DispatchKeySet\(Lazy, ADInplaceOrView, AutogradLazy\)$' \
  '^aten::view_copy: DispatchKeySet\(Lazy\) -> Lazy \[LazyNativeFunctions_boxed\]$' \
  '^#0  LazyNativeFunctions_boxed ' ' at_view_copy ' ' Functionalize_view ' ' at_view \(self=0x[0-9a-f]+ Tensor\(\[6\], stride=\[1\], Float, lazy\), size=\[2, 3\]\)' \
  ' at_native_reshape ' ' Dispatcher_callBoxed ' ' main ' \
  '^Breakpoint 1, LazyNativeFunctions_boxed \(' \
  '^Tensor 0x[0-9a-f]+: sizes \[2, 3\], strides \[3, 1\], storage offset 0, Float, lazy' \
  '^lazy: node [0-9]+ \(Op aten::view_copy\), shape Float \[2, 3\], operands: node [0-9]+$' \
  '^args\[1\] is an IValue holding IntList, not a tensor$'
