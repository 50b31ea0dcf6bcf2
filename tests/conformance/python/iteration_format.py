# Iterating over tensors (dim 0, as 1.13's __iter__ does with unbind),
# generators and comprehensions, unpacking, enumerate/zip/reversed, `in`,
# and tensors in f-strings and format(): str/repr conversions, a 0-dim
# tensor's format spec (forwarded to its item()), and the refusal of a spec
# for a tensor with more elements.
import torch

m = torch.arange(6).reshape(3, 2)
for row in m:
    print(row, row.shape, row._base is m)
print([r.sum().item() for r in m])
print(list(m[0]), [type(v).__name__ for v in m[0]])
print(sum(x * x for x in torch.tensor([1., 2., 3.])))
gen = (row * 10 for row in m if row[0] > 0)
print(next(gen), list(gen))
print({int(v): i for i, v in enumerate(torch.tensor([5, 7, 9]))})
first, second, third = m
print(first, third)
head, *rest = torch.tensor([1, 2, 3, 4])
print(head, rest)
(a, b), (c, d), (e, f) = m
print(a, d, f.item())
q, r = torch.ones(2, 3).unbind(1)[:2]
print(q, r)
k, v = torch.tensor([[1, 2], [3, 4]]).t()
print(k, v)
print(list(reversed(m)))
print(list(zip(torch.tensor([1, 2]), torch.tensor([3.0, 4.0]))))
print(list(enumerate(torch.tensor([[1], [2]]))))
print(len(m), len(torch.zeros(0, 4)), list(torch.zeros(0, 4)))
print(3 in torch.tensor([1, 2, 3]), 5 in torch.tensor([1, 2, 3]), torch.tensor(2) in torch.tensor([[1, 2]]))
print(iter(torch.tensor([1, 2])).__class__.__name__)
for x in torch.tensor(5):
    print(x)
print(len(torch.tensor(5)))
print(any(torch.tensor([0, 0, 1])), all(torch.tensor([1, 1, 0])), max(torch.tensor([3, 9, 2])))
print(dict(enumerate(torch.tensor([True, False]))))
it = iter(torch.tensor([[1., 2.], [3., 4.]]))
print(next(it), next(it), next(it, "done"))
w = torch.tensor(3.14159)
print(f"{w}", f"{w!r}", f"{w:.2f}", f"{w:>10.3f}|", f"{w:e}")
print(f"{torch.tensor(7):d}", f"{torch.tensor(7):05d}", f"{torch.tensor(255):x}", f"{torch.tensor(True)}")
print(format(torch.tensor(0.5), ".1%"), format(torch.tensor(2.0)), format(torch.tensor(-1.25), "+.3g"))
print(f"{torch.tensor([1.5, 2.5])}", f"{torch.tensor([[1, 2]])!s}")
print(f"{torch.tensor([1.5, 2.5]):.2f}")
print(f"{torch.tensor([1.5]):.2f}")
print("value: %s" % torch.tensor(2), "value: %.3f" % torch.tensor(2.0), "%d items" % torch.tensor(4))
print("%d" % torch.tensor([4]))
print("{} and {:.1f}".format(torch.tensor([1, 2]), torch.tensor(0.25)))
print(f"{w.item():.3f}", f"{m.shape}", f"{m.dtype}", f"{m.device}", f"{m.shape[0]:>4}")
print(f"{torch.tensor(1e-8)}", f"{torch.tensor(123456789.0)}", f"{torch.tensor(float('nan'))}")
print(f"{torch.tensor(3, dtype=torch.int8)}", f"{torch.tensor(2.5, dtype=torch.float64):.1f}")
print(str(torch.tensor(1.0)), repr(torch.tensor([1.0], requires_grad=True)), ascii(torch.tensor(0)))
print(float(torch.tensor(2.5)), int(torch.tensor(-3.7)), bool(torch.tensor(0.0)), complex(torch.tensor(1.5)))
print(round(torch.tensor(2.567).item(), 2), round(torch.tensor(2.567), 2), abs(torch.tensor(-3)))
print(int(torch.tensor([3])), float(torch.tensor([[2.0]])))
print(int(torch.tensor([1, 2])))
print(divmod(7, torch.tensor(2)), [0, 1, 2, 3][torch.tensor(2)], "abc"[torch.tensor(1)])
print(list(range(torch.tensor(3))), torch.tensor(2) * [1, 2])
print(list(map(int, torch.tensor([4, 5]))), tuple(torch.tensor([1.5, 2.5]).tolist()))
print(reversed(torch.tensor([[1, 2], [3, 4]])), reversed(torch.tensor(5)))
print(list(reversed(torch.tensor(5))))
