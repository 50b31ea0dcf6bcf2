# Dicts of tensors and functools over torch's operators: comprehensions,
# .items() loops, a JSON-like nesting walked recursively, functools.reduce
# over torch.add / operator.mul / torch.maximum, functools.partial, map, zip
# and sorted with tensors as values and keys, and tensors as dict keys
# (hashed by identity in 1.13).
import functools
import operator
import torch

params = {"w": torch.arange(6.).reshape(2, 3), "b": torch.tensor([1.0, -1.0])}
print(params)
print({k: v.shape for k, v in params.items()})
print({k: tuple(v.stride()) for k, v in sorted(params.items())})
doubled = {name: t * 2 for name, t in params.items()}
print(doubled["w"], doubled["b"])
for name, t in params.items():
    print(f"{name}: sum={t.sum().item()} dtype={t.dtype} numel={t.numel()}")
print(list(params), len(params), "w" in params, params.get("z") is None)
state = {"layer1": {"weight": torch.ones(2, 2), "bias": torch.zeros(2)},
         "layer2": {"weight": torch.eye(2), "extra": [torch.tensor(1), {"n": torch.tensor([5, 6])}]},
         "step": 3}


def walk(obj, prefix=""):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from walk(v, f"{prefix}.{k}" if prefix else k)
    elif isinstance(obj, (list, tuple)):
        for i, v in enumerate(obj):
            yield from walk(v, f"{prefix}[{i}]")
    else:
        yield prefix, obj


for path, leaf in walk(state):
    print(path, tuple(leaf.shape) if isinstance(leaf, torch.Tensor) else leaf)
print(sum(leaf.numel() for _, leaf in walk(state) if isinstance(leaf, torch.Tensor)))
flat = {p: l for p, l in walk(state) if torch.is_tensor(l)}
print(sorted(flat))
merged = {**params, "b": params["b"] + 10}
print(merged["b"], params["b"])
params.update(c=torch.tensor(True))
print(params.pop("c"), list(params.keys()))
ts = [torch.tensor([1, 2]), torch.tensor([3, 4]), torch.tensor([5, 6])]
print(functools.reduce(torch.add, ts))
print(functools.reduce(operator.mul, ts))
print(functools.reduce(operator.add, ts, torch.tensor([100, 100])))
print(functools.reduce(torch.maximum, [torch.tensor([1, 9]), torch.tensor([5, 2]), torch.tensor([3, 3])]))
print(functools.reduce(lambda a, b: a @ b, [torch.eye(2) * 2, torch.ones(2, 2), torch.tensor([[1., 0.], [0., 3.]])]))
print(functools.reduce(operator.matmul, [torch.tensor([[1, 2], [3, 4]])] * 3))
print(functools.reduce(torch.logical_and, [torch.tensor([True, True, False]), torch.tensor([True, False, False])]))
add5 = functools.partial(torch.add, other=5)
print(add5(torch.tensor([1, 2])), add5.func is torch.add)
clamp01 = functools.partial(torch.clamp, min=0, max=1)
print(clamp01(torch.tensor([-0.5, 0.5, 1.5])))
print(list(map(torch.neg, ts)))
print(list(map(operator.sub, ts, reversed(ts))))
print([a * b for a, b in zip(ts, ts[1:])])
print(dict(zip("abc", ts)))
scores = [torch.tensor(3.0), torch.tensor(-1.0), torch.tensor(2.5)]
print(sorted(scores))
print(sorted(scores, reverse=True))
print(sorted(ts, key=lambda t: -t.sum()))
print(max(scores), min(scores), max(ts, key=lambda t: t[0].item()))
print(sorted(range(3), key=lambda i: scores[i]))
keyed = {t: i for i, t in enumerate(scores)}
print(len(keyed), keyed[scores[1]], torch.tensor(3.0) in keyed, scores[0] in keyed)
print(hash(scores[0]) == id(scores[0]), hash(scores[0]) == hash(torch.tensor(3.0)))
print(set(ts) == set(ts), len({ts[0], ts[0], ts[1]}))
print(sorted(torch.tensor([3, 1, 2])))
print(sorted([torch.tensor([2, 1]), torch.tensor([1, 2])]))
print(functools.reduce(torch.add, [], torch.zeros(1)))
print(functools.reduce(torch.add, []))
