# what Node hooks may return, and 1.13's errors
x = torch.tensor([1., 2.], requires_grad=True)
w = torch.tensor([3., 4.], requires_grad=True)
for ret in [3, (1,), (torch.ones(3), None), [torch.ones(2), torch.ones(2)], (torch.ones(2).double(), None)]:
    y = x * w
    def bad(gi, go, ret=ret):
        return ret
    y.grad_fn.register_hook(bad)
    try:
        y.sum().backward()
    except Exception as e:
        print(type(e).__name__, e)
for ret in [3, (1,), (torch.ones(3),), [torch.ones(2)], (torch.ones(2), torch.ones(2)), torch.ones(2)]:
    y = x * w
    def badpre(go, ret=ret):
        return ret
    y.grad_fn.register_prehook(badpre)
    try:
        y.sum().backward()
    except Exception as e:
        print(type(e).__name__, e)
y = x * torch.ones(2)
y.grad_fn.register_hook(lambda gi, go: (gi[0], torch.ones(2)))
y.sum().backward()
# a post-hook's result is not validated against the next node: 1.13 fails
# later, in that node
x.grad = None
y = x * 2
y.grad_fn.register_hook(lambda gi, go: (torch.ones(2) * 7, None))
y.sum().backward()
print(x.grad)
y = x * 2
y.grad_fn.register_hook(lambda gi, go: 1 / 0)
y.sum().backward()
y.grad_fn._register_hook_dict(3)
print(x.grad)
