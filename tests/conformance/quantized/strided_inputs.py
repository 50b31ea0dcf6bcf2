# Strided, transposed and expanded inputs to the quantized kernels that walk
# elements: quantize (a strided float input is made contiguous first),
# dequantize, int_repr, _make_per_tensor_quantized_tensor, relu / relu_ and
# add of a number (TensorIterator walks), for quint8, qint8 and qint32.
x = (torch.arange(24.).reshape(2, 3, 4) - 11.) * 0.37
for dt, zp in [(torch.quint8, 128), (torch.qint8, -3), (torch.qint32, 7)]:
    q = torch.quantize_per_tensor(x.transpose(0, 2), 0.1, zp, dt)
    show(q)
    show(q.int_repr())
    show(torch.quantize_per_tensor(x[:, ::2, 1:], 0.25, zp, dt).int_repr())
    show(torch.quantize_per_tensor(torch.tensor([1.5, -2.25]).expand(3, 2), 0.5, zp, dt).int_repr())
    qt = q.transpose(0, 1)
    show(qt.int_repr())
    show(qt.dequantize())
    show(q[1:, ::2].dequantize())
    show(q[::3, 1].relu().int_repr())
    show(torch.ops.quantized.add(qt, 0.5).int_repr())
    show(torch.ops.quantized.add(qt, 300.).int_repr())
    show(torch.ops.quantized.add_relu(q[:, 1:, ::2], -40.).int_repr())
    qe = torch.quantize_per_tensor(torch.tensor([-1., 2.]), 0.5, zp, dt).expand(3, 2)
    show(qe.int_repr())
    show(qe.dequantize())
    show(qe.relu())
    try:
        qe.relu_()
    except RuntimeError as e:
        print("RuntimeError:", e)
    r = torch.ops.quantized.add(qe, 1000.)
    show(r.int_repr())
    w = torch.quantize_per_tensor(x, 0.2, zp, dt)
    w.transpose(0, 2)[1:].relu_()
    show(w.int_repr())
# per channel, along each axis of a transposed input
for axis in range(3):
    xt = x.permute(2, 0, 1)
    n = xt.shape[axis]
    scales = torch.tensor([0.05, 0.13, 0.21, 0.3])[:n]
    zps = torch.arange(n) + 1
    qc = torch.quantize_per_channel(xt, scales, zps, axis, torch.qint8)
    show(qc.int_repr())
    show(qc.dequantize())
    try:
        show(qc.transpose(0, 1).dequantize())
    except RuntimeError as e:
        print("RuntimeError:", e)
    show(qc[:, ::2].int_repr())
    show(torch.quantize_per_channel(xt, scales.double(), zps, axis, torch.quint8).dequantize())
# _make_per_tensor_quantized_tensor of strided integers
for it in [torch.uint8, torch.int8, torch.int32]:
    i = torch.arange(24, dtype=it).reshape(4, 6)
    m = torch._make_per_tensor_quantized_tensor(i.t()[::2], 0.5, 3)
    show(m)
    show(m.int_repr())
    show(torch._make_per_tensor_quantized_tensor(i[1].expand(2, 6), 0.5, 3).int_repr())
# item() of a one-element view
q = torch.quantize_per_tensor(x, 0.1, 3, torch.qint8)
print(q[1, 2, 3].item(), q.transpose(0, 2)[3, 2, 1].item())
qc = torch.quantize_per_channel(x, torch.tensor([0.1, 0.2, 0.3]), torch.tensor([1, 0, -1]), 1, torch.qint8)
print(qc[1, 2, 3].item(), qc[0, 1:2, 0].item())
# empty and 0-dim
q = torch.quantize_per_tensor(torch.zeros(0, 3).t(), 0.1, 0, torch.quint8)
print(q.int_repr().shape, q.dequantize().shape, q.relu().shape, torch.ops.quantized.add(q, 100.).shape)
q = torch.quantize_per_tensor(torch.tensor(2.), 0.1, 3, torch.qint32)
print(q.int_repr(), q.dequantize(), q.relu().int_repr(), torch.ops.quantized.add(q, 1e6).int_repr())
qc = torch.quantize_per_channel(torch.zeros(2, 0), torch.tensor([0.1, 0.2]), torch.tensor([0, 0]), 0, torch.qint8)
print(qc.dequantize().shape)
print(torch._make_per_tensor_quantized_tensor(torch.zeros(0, 2, dtype=torch.int32).t(), 1., 0).shape)
