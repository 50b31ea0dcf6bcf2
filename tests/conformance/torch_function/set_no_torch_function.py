# Tensor.set_ is bound by hand in 1.13 without a __torch_function__ check: a subclass's and a TorchFunctionMode's are not called
class S(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        print("TF", func.__name__ if hasattr(func, "__name__") else func)
        return super().__torch_function__(func, types, args, kwargs or {})
s = torch.zeros(2).as_subclass(S)
a = torch.arange(3.)
r = s.set_(a)
print(type(r).__name__, r is s, s.shape)
r = a.clone().set_(s)
print(type(r).__name__, r.shape)
r = s.set_(a.storage(), 1, (2,))
print(type(r).__name__, r.tolist())
class M(torch.overrides.TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        print("MODE", func.__name__)
        return func(*args, **(kwargs or {}))
with M():
    z = torch.zeros(2)
    z.set_(a)
    z.set_()
    print(z.is_set_to(a))
