# gelu of quantized tensors (issue 34): 1.13's QuantizedCPU kernel (qgelu.cpp, qgelu_kernel):
# dequantize, gelu, quantize with the input's scale and zero point, into a new contiguous tensor;
# quint8, qint8, qint32, approximate='none' and 'tanh'.  Rows of unit stride run the vector lambda
# on 2 * Vectorized<T>::size() elements at a time (fused dequantize, float gelu with Sleef's erf and
# tanh at AVX2) and the rest through the scalar lambda (double gelu): Note [qgelu's two lambdas] in
# ops/quantized/cpu/QuantizedOpKernels.c.  Recorded at AVX2 (gelu.out) and at DEFAULT:
#   ATEN_CPU_CAPABILITY=default /usr/bin/python3 tools/oracle/record.py --stdout \
#     tests/conformance/quantized_ops/gelu.py > tests/conformance/quantized_ops/gelu.default.out
# Also: strided and expanded inputs, the errors (per channel, gelu_, out=, approximate), traces.
import hashlib
import torch.nn.functional as F
def h(t):
    return hashlib.md5(repr(t.int_repr().reshape(-1).tolist()).encode()).hexdigest()[:16]
x = torch.linspace(-4, 4, 11)
for dt, zp in ((torch.quint8, 10), (torch.qint8, -3), (torch.qint32, 10)):
    q = torch.quantize_per_tensor(x, 0.05, zp, dt)
    y = F.gelu(q); show(y)
    print(F.gelu(q, approximate='tanh').int_repr().tolist(), y.q_scale(), y.q_zero_point(), y.dtype)
# bulk: every integer of the 8-bit types at several scales, rows long enough for the vector lambda
torch.manual_seed(0)
for dt, lo, hi in ((torch.quint8, 0, 256), (torch.qint8, -128, 128)):
    for scale, zp in ((0.05, 10), (0.0123, 77), (0.3, -5 if dt == torch.qint8 else 200), (1e-3, 0)):
        r = torch.arange(lo, hi).float()
        q = torch._make_per_tensor_quantized_tensor(torch.cat([r, r.flip(0), r[:37]]).to(torch.uint8 if dt == torch.quint8 else torch.int8), scale, zp)
        print(dt, scale, zp, h(F.gelu(q)), h(F.gelu(q, approximate='tanh')))
        print(F.gelu(q)[:80].int_repr().tolist())
        print(F.gelu(q, approximate='tanh')[500:].int_repr().tolist())
for scale, zp in ((0.05, 10), (1e-4, -1000), (0.7, 3)):
    q = torch.quantize_per_tensor(torch.randn(1000) * 5, scale, zp, torch.qint32)
    print(h(F.gelu(q)), h(F.gelu(q, approximate='tanh')), F.gelu(q)[-7:].int_repr().tolist())
# strided (scalar lambda), transposed, expanded (a broadcast input row), 2-d
a = torch.quantize_per_tensor(torch.randn(40, 70) * 3, 0.04, 120, torch.quint8)
print(h(F.gelu(a)), h(F.gelu(a.t())), h(F.gelu(a[:, ::2])), h(F.gelu(a[::3], approximate='tanh')))
show(F.gelu(a[:2, :5].t()))
e = torch.quantize_per_tensor(torch.tensor([[-0.7], [1.3]]), 0.02, 60, torch.quint8).expand(2, 100)
print(h(F.gelu(e)), F.gelu(e)[:, :3].int_repr().tolist())
show(F.gelu(torch.quantize_per_tensor(torch.tensor(1.5), 0.1, 2, torch.qint8)))
show(F.gelu(torch.quantize_per_tensor(torch.ones(0, 3), 0.1, 2, torch.quint8)))
q = torch.quantize_per_tensor(x, 0.05, 10, torch.quint8)
trace_on(); y = F.gelu(q); trace_off()
trace_on(); y = torch.ops.aten.gelu(q, approximate='tanh'); trace_off()
qc = torch.quantize_per_channel(torch.randn(2, 3), torch.tensor([0.1, 0.2]), torch.tensor([0, 1]), 0, torch.quint8)
F.gelu(qc)
torch._C._nn.gelu_(q.clone())
torch._C._nn.gelu(q, out=q.clone())
F.gelu(q, approximate='foo')
F.gelu(qc, approximate='foo')
F.gelu(torch.quantize_per_tensor(x, 0.05, 10, torch.quint8).requires_grad_())
