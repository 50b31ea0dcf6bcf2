# remainder, maximum, minimum, the bitwise operators and shifts,
# sigmoid_backward, tanh_backward, addcmul, addcdiv and lerp as structured
# kernels: on meta tensors their meta functions alone give the outputs
# (shape, strides, dtype) and the meta functions' errors; the kernels'
# own refusals (a float bitwise_and, an integer lerp) are the CPU's only
import torch
a = torch.empty(2, 3, device="meta")
d = torch.empty(3, device="meta", dtype=torch.float64)
i = torch.empty(2, 1, device="meta", dtype=torch.int32)
z = torch.empty(3, device="meta", dtype=torch.complex64)
def geometry(t):
    print(t.device, tuple(t.shape), t.stride(), t.dtype)
cases = [
 lambda: torch.remainder(a, d),
 lambda: torch.remainder(i, 3),
 lambda: torch.maximum(a, i),
 lambda: torch.minimum(i, i.t()),
 lambda: torch.maximum(a, z),
 lambda: torch.minimum(torch.tensor([1 + 1j]), torch.tensor([2.0])),
 lambda: torch.bitwise_and(i, i.t()),
 lambda: torch.bitwise_or(a, a),
 lambda: torch.bitwise_or(torch.ones(2), torch.ones(2)),
 lambda: torch.bitwise_xor(i, True),
 lambda: torch.bitwise_left_shift(i, i),
 lambda: torch.ops.aten.sigmoid_backward(a, d),
 lambda: torch.ops.aten.tanh_backward(i, a),
 lambda: torch.addcmul(a, i, d, value=2),
 lambda: torch.addcmul(i, i, i),
 lambda: torch.addcdiv(a, i, i),
 lambda: torch.addcdiv(a, a, d),
 lambda: torch.addcmul(torch.ones(2, dtype=torch.bool), torch.ones(2, dtype=torch.bool), torch.ones(2, dtype=torch.bool)),
 lambda: torch.lerp(a, a, 0.5),
 lambda: torch.lerp(a, d, 0.5),
 lambda: torch.lerp(a, a, torch.empty(3, 1, 1, device="meta")),
 lambda: torch.lerp(a, a, torch.empty(3, device="meta", dtype=torch.float64)),
 lambda: torch.lerp(i, i, 2),
 lambda: torch.lerp(torch.ones(2, dtype=torch.int32), torch.ones(2, dtype=torch.int32), 2),
 lambda: torch.empty(2, 3, device="meta").remainder_(d),
 lambda: torch.empty(3, device="meta").maximum(a),
 lambda: torch.empty(1, 3, device="meta").addcmul_(a, a),
 lambda: torch.empty(2, 3, device="meta", dtype=torch.int32).lerp_(a, 0.5),
 lambda: torch.empty(2, 3, device="meta", dtype=torch.int64).bitwise_and_(i),
 lambda: torch.empty(2, 3, device="meta", dtype=torch.int8).bitwise_and_(i),
]
for n, c in enumerate(cases):
    try:
        r = c()
        print(n, end=" ")
        geometry(r)
    except Exception as e:
        print(n, type(e).__name__, e)
# out= is resized to the result's shape and keeps its dtype where the
# result casts to it
out = torch.empty(0, device="meta", dtype=torch.float64)
print(torch.maximum(a, a, out=out) is out)
geometry(out)
out = torch.empty(5, device="meta")
torch.addcdiv(a, a, a, out=out)
geometry(out)
out = torch.empty(0, device="meta", dtype=torch.int64)
try:
    torch.lerp(a, a, 0.5, out=out)
except Exception as e:
    print(type(e).__name__, e)
geometry(out)
# the same calls on the CPU compute
x = torch.tensor([[-3.0, 2.5, 7.0]])
print(torch.remainder(x, 2), torch.maximum(x, torch.tensor(1.0)), torch.minimum(x, x.t()))
print(torch.lerp(x, torch.zeros(3), 0.25), torch.addcmul(x, x, x, value=0.5), torch.addcdiv(x, x, x))
print(torch.bitwise_and(torch.tensor([12, 10]), 6), torch.tensor([1, 2]) << torch.tensor([3, 1]))
print(torch.ops.aten.sigmoid_backward(x, x), torch.ops.aten.tanh_backward(x, torch.tensor(0.5)))
