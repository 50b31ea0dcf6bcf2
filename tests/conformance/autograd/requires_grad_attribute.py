# t.requires_grad = v: the setter's own checks and wording
a = torch.ones(2)
a.requires_grad = True
print(a.requires_grad, a)
a.requires_grad = False
print(a.requires_grad, a)
b = torch.ones(2).long()
b.requires_grad = True
b.requires_grad = False
print(b.requires_grad)
a.requires_grad = 1
a.requires_grad = None
q = torch.quantize_per_tensor(torch.ones(2), 0.1, 0, torch.quint8)
q.requires_grad = True
print(q.requires_grad)
