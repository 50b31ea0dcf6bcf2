# empty() with a quantized dtype: a tensor with an unknown quantizer (what a structured operator's default kernel allocates for a quantized input); every question about its scheme is refused
import torch
t = torch.empty(3, dtype=torch.quint8)
print(t.dtype, t.shape, t.is_quantized)
t.qscheme()
t.q_scale()
t.q_zero_point()
print(t)
t.int_repr().dtype
t.dequantize()
t.clone()
torch.empty_like(t)
t.q_per_channel_scales()
t + t
t[0]
t.view(3)
t.reshape(3, 1).shape
t.contiguous().shape
torch.cat([t, t])
