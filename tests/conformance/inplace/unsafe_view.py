# Note [Unsafe View]: a write through view() is seen by autograd (CopySlices, shared version), one through _unsafe_view() is not (MulBackward0 stays, y._version stays 0, the gradient is stale)
x = torch.ones(4, requires_grad=True)
y = x * 2
v = y.view(2, 2)
v.mul_(3)
print(y.grad_fn.name(), y._version, v._version)
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 2
u = torch.ops.aten._unsafe_view(y, [2, 2])
u.mul_(3)
print(y.grad_fn.name(), y._version, u._version, u._is_view())
print(y)
y.sum().backward()
print(x.grad)
