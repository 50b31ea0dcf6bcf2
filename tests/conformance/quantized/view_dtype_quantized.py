# A CPU tensor's bytes viewed with a quantized dtype (view.dtype): the view
# has the dtype and not the QuantizedCPU key, so it is not quantized, and
# printing it asks item() of each element, which no kernel does for a
# quantized dtype. A quantized tensor is still quantized.
r = torch.arange(6.).view(torch.quint8)
print(r.dtype, r.shape, r.stride(), r.is_quantized)
print(r)
print(torch.arange(0.).view(torch.qint8), torch.arange(0.).view(torch.qint8).is_quantized)
print(torch.zeros(2, dtype=torch.int32).view(torch.qint32).is_quantized)
q = torch.quantize_per_tensor(torch.ones(2), 0.1, 0, torch.quint8)
print(q.is_quantized, q.int_repr().is_quantized)
# item() dequantizes a quantized tensor (an int for quint8's integer
# dtype); a quantized dtype alone reaches _local_scalar_dense, which refuses it
print(r[0].item())
print(bool(r[1:2]))
trace_on()
r[0].item()
q[0].item()
trace_off()
print(q[0].item(), float(q[0]), int(q[0]))
