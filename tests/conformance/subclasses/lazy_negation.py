# A tensor that negates lazily: neg() flips a flag and computes nothing;
# any other operator sees the negated values; neg twice is the original.
import torch
from torch.utils._pytree import tree_map


class LazyNeg(torch.Tensor):
    @staticmethod
    def __new__(cls, elem, negated=False):
        r = torch.Tensor._make_wrapper_subclass(cls, elem.size(), strides=elem.stride(), dtype=elem.dtype)
        r.elem = elem
        r.negated = negated
        return r

    def materialize(self):
        return -self.elem if self.negated else self.elem

    def __repr__(self):
        return "LazyNeg(%s, negated=%s)" % (self.elem, self.negated)

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        if func is torch.ops.aten.neg.default:
            print("neg: no work")
            return LazyNeg(args[0].elem, not args[0].negated)
        print("materializing for", func)
        unwrapped = tree_map(lambda e: e.materialize() if isinstance(e, LazyNeg) else e, args)
        out = func(*unwrapped, **(kwargs or {}))
        return tree_map(lambda e: LazyNeg(e) if isinstance(e, torch.Tensor) else e, out)


x = LazyNeg(torch.tensor([1.0, -2.0, 3.0]))
y = -x
print(y)
z = -y
print(z)
print(y + 1)
print((-x).sum())
print(torch.neg(y).abs())
