# Structured binary operators on quantized tensors: the CompositeExplicitAutogradNonFunctional default kernel allocates the output and calls the .out operator, which QuantizedCPU lacks; a Python int is cast to the quantized dtype (empty_strided refuses), a float is refused by promoteTypes
import torch
q = torch.quantize_per_tensor(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), 0.1, 0, torch.quint8)
f = torch.ones(2, 3)
trace_on()
q * q
q + q
q - q
q / q
trace_off()
q + 1
q * 2
q * True
q * 2.5
q + f
f + q
q.div(q, rounding_mode='floor')
q.remainder(q)
torch.maximum(q, q)
torch.minimum(q, q)
q.pow(q)
q.pow(2)
q.t() * q.t()
q[:, ::2] * q[:, ::2]
torch.ops.aten.sigmoid_backward(q, q)
torch.ops.aten.threshold_backward(q, q, 0)
