# torch.Generator and the default generator: seeds, the state tensor (its
# bytes: the seed, the engine, the cached normal sample), restoring it, and
# the errors of each method.
import torch

g = torch.Generator()
print(type(g).__name__, g.device, g.initial_seed())
print(g.manual_seed(3) is g, g.initial_seed())
print(g.manual_seed(-1).initial_seed(), g.manual_seed(2**64 - 1).initial_seed())
print(torch.manual_seed(12) is torch.default_generator, torch.initial_seed())
s = torch.get_rng_state()
print(s.dtype, s.shape, s[:40].tolist(), s[5000:].tolist())
x = torch.randn(3, dtype=torch.float64)
s = torch.get_rng_state()
print(s[:32].tolist(), s[5016:].tolist())
y = torch.randn(3, dtype=torch.float64)
torch.set_rng_state(s)
z = torch.randn(3, dtype=torch.float64)
print(bool((y == z).all()), y)
torch.manual_seed(12)
a = torch.rand(20)
torch.manual_seed(12)
print(bool((a == torch.rand(20)).all()))
g1 = torch.Generator().manual_seed(4)
g2 = torch.Generator().manual_seed(4)
print(bool((torch.randn(50, generator=g1) == torch.randn(50, generator=g2)).all()))
g2.set_state(g1.get_state())
print(bool((torch.rand(3, generator=g1) == torch.rand(3, generator=g2)).all()))
print(torch.Generator(device="cpu").device, torch.Generator("cpu").initial_seed())
for bad in ["x", 1.5, True, 2**64, -2**63 - 1]:
    try:
        g.manual_seed(bad)
    except Exception as e:
        print(type(e).__name__, e)
for bad in ["x", torch.zeros(3), torch.zeros(5056), torch.zeros(5056, dtype=torch.uint8), torch.zeros(7, dtype=torch.uint8)]:
    try:
        g.set_state(bad)
    except Exception as e:
        print(type(e).__name__, e)
torch.Generator("lazy")
torch.Generator(device="cuda")
torch.manual_seed("a")
torch.set_rng_state(torch.zeros(5))
torch.randn(3, generator=5)
print(torch.initial_seed() == torch.default_generator.initial_seed())
torch.manual_seed(8)
with torch.random.fork_rng():
    print(torch.rand(2))
print(torch.rand(2))
with torch.random.fork_rng(enabled=False):
    torch.rand(1)
print(torch.rand(1))
