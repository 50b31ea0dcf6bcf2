# Which __torch_function__ runs first: one per class, a subclass's before
# its base's, else left to right; the next one runs when one returns
# NotImplemented.  The default __torch_function__ returns NotImplemented
# for a class that is not a subclass of all of `types`.
import torch

order = []


def make(name, base=torch.Tensor, answer=NotImplemented):
    def tf(cls, func, types, args=(), kwargs=None):
        order.append((name, [t.__name__ for t in types]))
        if answer == "super":
            return super(cls, cls).__torch_function__(func, types, args, kwargs)
        return answer
    return type(name, (base,), {"__torch_function__": classmethod(tf)})


A = make("A")
B = make("B")
SubA = make("SubA", A)
Yes = make("Yes", answer="yes")
Sup = make("Sup", answer="super")


def run(label, f):
    order.clear()
    try:
        r = f()
        r = type(r).__name__ if isinstance(r, torch.Tensor) else r
    except TypeError as e:
        r = "TypeError: " + str(e)
    print(label, order, r)


a = torch.ones(2).as_subclass(A)
b = torch.ones(2).as_subclass(B)
s = torch.ones(2).as_subclass(SubA)
y = torch.ones(2).as_subclass(Yes)
p = torch.ones(2).as_subclass(Sup)
run("a, b", lambda: torch.add(a, b))
run("b, a", lambda: torch.add(b, a))
run("a, sub", lambda: torch.add(a, s))
run("a, a", lambda: torch.add(a, a))
run("a, yes", lambda: torch.add(a, y))
run("yes, a", lambda: torch.add(y, a))
run("cat", lambda: torch.cat([a, b, s, a, y]))
run("method", lambda: b.add(s))
run("sup alone", lambda: p + 1)
run("sup, a", lambda: p + a)
run("sup, plain", lambda: torch.ones(2) + p)


class Plain(torch.Tensor):
    pass


class Plain2(torch.Tensor):
    pass


class SubPlain(Plain):
    pass


q = torch.ones(2).as_subclass(Plain)
print(type(q + torch.ones(2).as_subclass(SubPlain)).__name__)
print(type(torch.ones(2).as_subclass(SubPlain) + q).__name__)
try:
    q + torch.ones(2).as_subclass(Plain2)
except TypeError as e:
    print("TypeError:", e)
try:
    torch.add(q, torch.ones(2).as_subclass(Plain2))
except TypeError as e:
    print("TypeError:", e)
