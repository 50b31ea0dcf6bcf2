# Every operator of yaml/ts_native_functions.yaml called on lazy tensors
# with valid arguments, one case per operator (check_meta_mode.py checks
# that each listed operator reached the Lazy kernel).  Recording a node runs
# the CPU kernel in MetaMode on dummies without data (ops/lazy/LazyIrBuilder.c),
# so a kernel that reads or writes an element in a shape run faults here.
# The tensors have several elements: dummies of one element have data.
import torch
a = torch.arange(1., 7.).reshape(2, 3).to("lazy")
b = torch.arange(2., 8.).reshape(2, 3).to("lazy")
m = torch.arange(1., 7.).reshape(3, 2).to("lazy")
v = torch.arange(1., 4.).to("lazy")
bt = torch.ones(2, 2, 3).to("lazy")
bm = torch.ones(2, 3, 2).to("lazy")
mask = (torch.arange(6).reshape(2, 3) > 2).to("lazy")
out = torch.empty(2, 3).to("lazy")
out_bool = torch.empty(2, 3, dtype=torch.bool).to("lazy")
out_2 = torch.empty(2).to("lazy")
out_22 = torch.empty(2, 2).to("lazy")
out_222 = torch.empty(2, 2, 2).to("lazy")
out_43 = torch.empty(4, 3).to("lazy")
out_223 = torch.empty(2, 2, 3).to("lazy")
out_6 = torch.empty(6).to("lazy")
out_long = torch.empty(2, dtype=torch.long).to("lazy")
# factories and conversions
r = torch.ops.aten.arange.start_out(0, 6, 1, out=out_6)
r = torch.empty(2, 3, device="lazy")
r = torch.empty_strided((2, 3), (3, 1), device="lazy")
r = a.clone().fill_(2.)
r = a.clone().zero_()
r = a.clone()
r = a.to(torch.float64)
r = torch.ops.aten._unsafe_view.default(a, [3, 2])
r = torch.ops.aten.lift_fresh.default(a)
# arithmetic
r = a + b
r = torch.add(a, b, out=out)
r = a.clone().add_(b)
r = a - b
r = torch.sub(a, b, out=out)
r = a.clone().sub_(b)
r = a * b
r = torch.mul(a, b, out=out)
r = a.clone().mul_(b)
r = a / b
r = torch.div(a, b, out=out)
r = a.clone().div_(b)
r = a % b
r = a.clone().remainder_(b)
r = torch.remainder(a, b, out=out)
r = torch.div(a, b, rounding_mode="floor")
r = torch.div(a, b, rounding_mode="trunc", out=out)
r = a.clone().div_(b, rounding_mode="floor")
r = -a
r = torch.neg(a, out=out)
r = a.clone().neg_()
r = a.reciprocal()
r = a.clone().reciprocal_()
# comparisons
r = a < b
r = torch.lt(a, b, out=out_bool)
r = a.clone().lt_(b)
r = a < 3
r = torch.lt(a, 3, out=out_bool)
r = a.clone().lt_(3)
r = a <= b
r = torch.le(a, b, out=out_bool)
r = a.clone().le_(b)
r = a <= 3
r = torch.le(a, 3, out=out_bool)
r = a.clone().le_(3)
r = a > b
r = torch.gt(a, b, out=out_bool)
r = a.clone().gt_(b)
r = a > 3
r = torch.gt(a, 3, out=out_bool)
r = a.clone().gt_(3)
r = a >= b
r = torch.ge(a, b, out=out_bool)
r = a.clone().ge_(b)
r = a >= 3
r = torch.ge(a, 3, out=out_bool)
r = a.clone().ge_(3)
r = a == b
r = torch.eq(a, b, out=out_bool)
r = a.clone().eq_(b)
r = a == 3
r = torch.eq(a, 3, out=out_bool)
r = a.clone().eq_(3)
r = a != b
r = torch.ne(a, b, out=out_bool)
r = a.clone().ne_(b)
r = a != 3
r = torch.ne(a, 3, out=out_bool)
r = a.clone().ne_(3)
# unary
r = a.abs()
r = a.clone().abs_()
r = torch.abs(a, out=out)
r = a.exp()
r = a.clone().exp_()
r = torch.exp(a, out=out)
r = a.log()
r = a.clone().log_()
r = torch.log(a, out=out)
r = a.sqrt()
r = a.clone().sqrt_()
r = torch.sqrt(a, out=out)
r = a.rsqrt()
r = a.clone().rsqrt_()
r = torch.rsqrt(a, out=out)
r = a.relu()
r = a.clone().relu_()
r = a.sigmoid()
r = a.clone().sigmoid_()
r = torch.sigmoid(a, out=out)
r = a.tanh()
r = a.clone().tanh_()
r = torch.tanh(a, out=out)
# reductions
r = a.sum()
r = a.sum(1)
r = torch.sum(a, [1], out=out_2)
r = a.mean()
r = a.mean(1)
r = torch.mean(a, [1], out=out_2)
r = a.max(1)
r = torch.max(a, 1, out=(out_2, out_long))
r = a.max()
r = a.min()
# joining
r = torch.cat([a, b])
r = torch.cat([a, b], out=out_43)
r = torch.stack([a, b])
r = torch.stack([a, b], out=out_223)
# linear algebra
r = a.mm(m)
r = torch.mm(a, m, out=out_22)
r = bt.bmm(bm)
r = torch.bmm(bt, bm, out=out_222)
r = a.mv(v)
r = torch.mv(a, v, out=out_2)
# pow, clamp, copy_
r = a ** b
r = a ** 2
r = torch.pow(a, b, out=out)
r = torch.pow(a, 2, out=out)
r = a.clone().pow_(2)
r = a.clone().pow_(b)
r = a.clamp(2, 5)
r = a.clone().clamp_(2, 5)
r = torch.clamp(a, 2, 5, out=out)
r = a.clone().copy_(b)
# rounding, trigonometry, min/max of two, any/all
r = a.floor()
r = a.clone().floor_()
r = torch.floor(a, out=out)
r = a.trunc()
r = a.clone().trunc_()
r = torch.trunc(a, out=out)
r = a.sgn()
r = a.clone().sgn_()
r = torch.sgn(a, out=out)
r = a.cos()
r = a.clone().cos_()
r = torch.cos(a, out=out)
r = torch.maximum(a, b)
r = torch.maximum(a, b, out=out)
r = torch.minimum(a, b)
r = torch.minimum(a, b, out=out)
r = mask.any()
r = mask.all()
# masks, flip, repeat, cumsum
r = a.clone().masked_fill_(mask, 0.)
r = a.masked_fill(mask, 0.)
r = a.masked_fill(mask, torch.tensor(0.))
r = a.clone().masked_fill_(mask, torch.tensor(0.))
r = a.flip([0])
r = a.repeat(2, 1)
r = a.cumsum(1)
r = a.index_select(1, torch.tensor([2, 0]).to("lazy"))
# the backward operators of relu, sigmoid and tanh
r = torch.ops.aten.threshold_backward(b, a, 2.)
r = torch.ops.aten.threshold_backward.grad_input(b, a, 2., grad_input=out)
r = torch.ops.aten.sigmoid_backward(b, a)
r = torch.ops.aten.sigmoid_backward.grad_input(b, a, grad_input=out)
r = torch.ops.aten.tanh_backward(b, a)
r = torch.ops.aten.tanh_backward.grad_input(b, a, grad_input=out)
# std, norm (issue 16)
r = a.std(1)
r = torch.std(a, None, correction=0, keepdim=True)
r = a.norm(3, 1)
r = torch.norm(a, 2, 0, out=out_2.new_empty(0))
