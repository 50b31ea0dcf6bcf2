#!/bin/sh
# `minaten tensor` on a quantized tensor: `minaten break aten::_reshape_alias
# QuantizedCPU` stops in the kernel the QuantizedCPU key resolves to, and the
# tensor shows its quantizer (scale, zero_point), its integer values and
# their dequantized values, and the keys that sent it there.
# Usage: commands_quantized.sh path/to/minaten path/to/tools/gdb/minaten.py
exec "$(dirname "$0")/check_session.sh" "$1" "$2" \
  'q = torch.quantize_per_tensor(torch.tensor([1., 2., 3., 4.]), 0.5, 10, torch.quint8); r = q.reshape(2, 2)' \
  'minaten break aten::_reshape_alias QuantizedCPU' run 'info args' 'minaten tensor self' \
  'minaten keys self aten::_reshape_alias' \
  -- \
  '^aten::_reshape_alias at QuantizedCPU: at_native__reshape_alias$' \
  '^self = 0x[0-9a-f]+ Tensor\(\[4\], stride=\[1\], QUInt8, cpu\)$' \
  '^Tensor 0x[0-9a-f]+: sizes \[4\], strides \[1\], storage offset 0, QUInt8, cpu, contiguous' \
  '^keys: DispatchKeySet\(QuantizedCPU, ADInplaceOrView, AutogradCPU\)$' \
  '^storage: 0x[0-9a-f]+, 4 bytes \(4 elements of QUInt8\)' \
  '^quantizer: per_tensor_affine, scale 0\.5, zero_point 10$' \
  '^values: \[12, 14, 16, 18\]$' '^dequantized: \[1\.0, 2\.0, 3\.0, 4\.0\]$' \
  '^aten::_reshape_alias: DispatchKeySet\(QuantizedCPU\) -> QuantizedCPU \[at_native__reshape_alias\]$'
