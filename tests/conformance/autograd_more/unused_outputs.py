# multi-output operators when only some outputs are used: the others' gradients are zeros (issue 14)
x = torch.arange(6., requires_grad=True)
a, b, c = x.split(2)
(b * 3).sum().backward()
print(x.grad)
x.grad = None
a, b, c = x.split(2)
(a.sum() + c.prod()).backward()
print(x.grad)
x.grad = None
m = x.view(2, 3)
r = m.unbind(0)
(r[1] ** 2).sum().backward()
print(x.grad)
x.grad = None
v, i = m.max(1)
print(i)
v[0].backward()
print(x.grad)
x.grad = None
s = m.split([1, 2], 1)
s[1][0, 1].backward()
print(x.grad)
x.grad = None
ch = m.chunk(2, 1)
(ch[1] * ch[0][:, :1]).sum().backward()
print(x.grad)
