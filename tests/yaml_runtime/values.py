# Operators defined at run time (myops.yaml, kernels in libmyops_kernels.so): torch.ops.myops.NAME calls them like any operator
import torch
a = torch.tensor([1., 2., 3.])
print(torch.ops.myops.cube(a))
print(torch.ops.myops.cube(torch.tensor([[1, -2], [3, 4]])))
print(torch.ops.myops.scale(a))
print(torch.ops.myops.scale(a, 0.5))
print(torch.ops.myops.scale(a, factor=-1.))
print(torch.ops.myops.twice(a))
print(torch.ops.myops.rectified(a - 2))
# the trace: a backend kernel is one operator call; a composite one decomposes
trace_on()
b = torch.ops.myops.cube(a)
c = torch.ops.myops.twice(a)
d = torch.ops.myops.rectified(a)
trace_off()
# views and non-contiguous inputs
t = torch.arange(6.).view(2, 3).t()
print(torch.ops.myops.cube(t))
print(torch.ops.myops.twice(t[0]))
# autograd through the composite operator
x = torch.tensor([1., 2.], requires_grad=True)
y = torch.ops.myops.twice(x)
print(y)
y.sum().backward()
print(x.grad)
# a lazy tensor: values come back as on the CPU
print(torch.ops.myops.cube(a.to('lazy')).cpu())
# errors: the kernel's own, and the schema's
torch.ops.myops.scale(a, 0.)
torch.ops.myops.cube(a, a)
torch.ops.myops.scale(a, "x")
torch.ops.myops.cube()
# autograd through a CPU kernel: Autograd falls through, and the operators
# the kernel calls record their own nodes
x = torch.tensor([1., 2.], requires_grad=True)
y = torch.ops.myops.cube(x)
print(y)
y.sum().backward()
print(x.grad)
z = torch.ops.myops.scale(x.detach().requires_grad_(), 3.)
print(z)
