# gradients through the view operators (issue 14)
x = torch.arange(12., requires_grad=True)
m = x.view(3, 4)
y = m.t()
print('t', y.grad_fn.name(), y._is_view(), y._base is x)
(y * 2).sum().backward()
print(x.grad)
x.grad = None
y = m.transpose(0, 1)
print('transpose', y.grad_fn.name(), y._is_view(), y._base is x)
(y * 2).sum().backward()
print(x.grad)
x.grad = None
y = m[1]
print('select', y.grad_fn.name(), y._is_view(), y._base is x)
(y * 2).sum().backward()
print(x.grad)
x.grad = None
y = m[:, 1:3]
print('slice', y.grad_fn.name(), y._is_view(), y._base is x)
(y * 2).sum().backward()
print(x.grad)
x.grad = None
y = m.unsqueeze(0)
print('unsqueeze', y.grad_fn.name(), y._is_view(), y._base is x)
(y * 2).sum().backward()
print(x.grad)
x.grad = None
y = m[0:1].expand(2, 4)
print('expand', y.grad_fn.name(), y._is_view(), y._base is x)
(y * 2).sum().backward()
print(x.grad)
x.grad = None
y = m.permute(1, 0)
print('permute', y.grad_fn.name(), y._is_view(), y._base is x)
(y * 2).sum().backward()
print(x.grad)
x.grad = None
y = m.diagonal()
print('diagonal', y.grad_fn.name(), y._is_view(), y._base is x)
(y * 2).sum().backward()
print(x.grad)
x.grad = None
y = m.unsqueeze(1).squeeze(1)
print('squeeze', y.grad_fn.name(), y._is_view(), y._base is x)
(y * 2).sum().backward()
print(x.grad)
x.grad = None
y = m.as_strided((2, 2), (1, 2))
print('as_strided', y.grad_fn.name(), y._is_view(), y._base is x)
(y * 2).sum().backward()
print(x.grad)
x.grad = None
y = x.unfold(0, 3, 2)
print('unfold', y.grad_fn.name(), y._is_view(), y._base is x)
(y * 2).sum().backward()
print(x.grad)
x.grad = None
y = m.flip(0)
print('flip', y.grad_fn.name(), y._is_view(), y._base is x)
(y * 2).sum().backward()
print(x.grad)
x.grad = None
y = m.repeat(2, 1)
print('repeat', y.grad_fn.name(), y._is_view(), y._base is x)
(y * 2).sum().backward()
print(x.grad)
x.grad = None
