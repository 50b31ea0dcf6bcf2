# floor_divide.Scalar and floor_divide_.Scalar are CompositeImplicitAutograd
# in 1.13 (floor_divide / floor_divide.out of a wrapped scalar), dot.out
# CompositeExplicitAutograd (resize, check, fill_ with dot): what a mode
# sees, autograd, meta tensors and errors (issue 35)
from torch.utils._python_dispatch import TorchDispatchMode


class Log(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        print("  ", func)
        return func(*args, **(kwargs or {}))


x = torch.tensor([5., -7., 9.])
print(torch.ops.aten.floor_divide.Scalar(x, 2), torch.ops.aten.floor_divide.Scalar(torch.tensor([5, -7]), 2))
y = x.clone()
print(torch.ops.aten.floor_divide_.Scalar(y, -2), y)
with Log():
    torch.ops.aten.floor_divide.Scalar(x, 2)
    torch.ops.aten.floor_divide_.Scalar(y, 2)
    torch.ops.aten.dot.out(x, x, out=torch.empty(0))
a = torch.tensor([5., 7.], requires_grad=True)
r = torch.ops.aten.floor_divide.Scalar(a, 2)
print(r, r.requires_grad)
r.sum().backward()
torch.ops.aten.floor_divide_.Scalar(a, 2)
m = torch.empty(2, 3, device="meta")
print(torch.ops.aten.floor_divide.Scalar(m, 2).shape, torch.ops.aten.floor_divide_.Scalar(m, 2.5).dtype)
torch.ops.aten.floor_divide_.Scalar(torch.tensor([4, 5]), 2.5)
o = torch.empty(0)
print(torch.dot(x, x, out=o), o.shape)
o = torch.zeros(3)
print(torch.dot(x, x, out=o), o.shape)
torch.dot(x, x, out=torch.empty(0, dtype=torch.float64))
torch.dot(x, x, out=torch.empty(0, device="meta"))
torch.dot(x, x[:2], out=torch.empty(0))
mo = torch.empty(5, device="meta")
print(torch.dot(m[0], m[1], out=mo).shape, mo.shape)
torch.dot(a, a, out=torch.empty(0))
with torch.no_grad():
    print(torch.dot(a, a, out=torch.empty(0)))
