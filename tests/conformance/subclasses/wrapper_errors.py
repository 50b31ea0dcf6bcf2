# _make_wrapper_subclass's arguments and errors, and what a wrapper that
# keeps Tensor's own __torch_dispatch__ does (runs the operator below the
# Python key, on the wrapper's own memory).
import torch


class W(torch.Tensor):
    __torch_dispatch__ = torch._C._disabled_torch_dispatch_impl


class D(torch.Tensor):
    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        return func(*[a.elem if isinstance(a, D) else a for a in args], **(kwargs or {}))


try:
    torch.Tensor._make_wrapper_subclass(W, [2])
except TypeError as e:
    print("TypeError", e)
w = torch.Tensor._make_wrapper_subclass(D, (2, 3), strides=(1, 2), dtype=torch.float64, requires_grad=True)
print(type(w).__name__, w.shape, w.stride(), w.dtype, w.requires_grad, w.is_leaf, w.grad_fn)
v = torch.Tensor._make_wrapper_subclass(D, [4], storage_offset=2)
print(v.shape, v.storage_offset(), v.dtype)
try:
    torch.Tensor._make_wrapper_subclass(3, [2])
except TypeError as e:
    print("TypeError", e)
try:
    torch.Tensor._make_wrapper_subclass(D, "x")
except TypeError as e:
    print("TypeError", type(e).__name__)
print(torch.Tensor.__torch_dispatch__ is torch._C._disabled_torch_dispatch_impl)
z = torch.Tensor._make_wrapper_subclass(D, [3])
z.elem = torch.ones(3)
z.tolist()
