# The other random operators on float16 and bfloat16, as 1.13's CPU kernels
# draw them (random_ modulo 2^digits + 1, randint's bounds checked against
# the type, exponential_ through a double draw) or refuse them (bernoulli_
# and multinomial on Half).
import torch

for dt in (torch.half, torch.bfloat16):
    torch.manual_seed(0)
    for f in (lambda: torch.empty(5, dtype=dt).random_(0, 10), lambda: torch.empty(5, dtype=dt).random_(),
              lambda: torch.empty(5, dtype=dt).bernoulli_(0.3), lambda: torch.empty(5, dtype=dt).exponential_(),
              lambda: torch.randint(0, 5, (4,), dtype=dt), lambda: torch.bernoulli(torch.full((5,), 0.5, dtype=dt)),
              lambda: torch.randperm(5, dtype=dt), lambda: torch.empty(20, dtype=dt).exponential_(2.5),
              lambda: torch.bernoulli(torch.rand(10).to(dt)),
              lambda: torch.empty(6, dtype=torch.float32).bernoulli_(torch.rand(6).to(dt)),
              lambda: torch.randint(-3, 2**20, (6,), dtype=dt), lambda: torch.empty(8, dtype=dt).random_(),
              lambda: torch.randperm(40, dtype=dt)[:10], lambda: torch.randint(-70000, 0, (2,), dtype=dt),
              lambda: torch.empty(3, dtype=dt).random_(-2**40, 2**40 + 1)):
        try:
            print(f().tolist())
        except Exception as e:
            print(type(e).__name__, e)
    if dt == torch.half:
        for f in (lambda: torch.multinomial(torch.tensor([0.2, 0.8], dtype=dt), 3, True),
                  lambda: torch.multinomial(torch.ones(1, 1, 1, dtype=dt), 1)):
            try:
                print(f())
            except Exception as e:
                print(type(e).__name__, e)
