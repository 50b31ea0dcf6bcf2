# randint and random_: (draw % range) + low with a 32-bit draw, or a 64-bit
# one for a range of 2^32 or more on int64/float/double; random_() with no
# bounds takes each type's own range; the full int64 range; update_from and
# update_to for floating types; the checks.
import torch

torch.manual_seed(11)
print(torch.randint(10, (8,)))
print(torch.randint(-5, 5, (2, 4)))
print(torch.randint(3, (5,), dtype=torch.uint8), torch.randint(-2, 2, (4,), dtype=torch.int8))
print(torch.randint(0, 2, (6,), dtype=torch.bool), torch.randint(100, (3,), dtype=torch.float32))
print(torch.randint(2**40, (3,)), torch.randint(-2**40, 2**40, (3,), dtype=torch.float64))
print(torch.randint(2**33, (2,), dtype=torch.int32))
for dt in (torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float32, torch.float64, torch.bool):
    print(dt, torch.empty(4, dtype=dt).random_())
print(torch.empty(3, dtype=torch.int64).random_(-2**63, None))
print(torch.empty(3, dtype=torch.float64).random_(-2**63, None))
print(torch.empty(4).random_(5), torch.empty(4, dtype=torch.int16).random_(-3, 4))
print(torch.empty(3).random_(2**30, 2**30 + 100))
print(torch.empty(3, dtype=torch.float64).random_(2**60, 2**60 + 2**20))
print(torch.empty(2).random_(2**25))
torch.empty(3).random_(5, 5)
torch.empty(3).random_(2**30 + 1, 2**30 + 2)
torch.empty(3, dtype=torch.uint8).random_(-1, 5)
torch.empty(3, dtype=torch.int8).random_(0, 200)
torch.empty(3, dtype=torch.int32).random_(-2**63, None)
torch.empty(3, dtype=torch.bool).random_(-2**63, None)
torch.randint(5, 2, (3,))
print(torch.randint_like(torch.zeros(2, 2), 7), torch.randint_like(torch.zeros(3, dtype=torch.int8), -3, 3))
print(torch.randint(5, (2,), generator=torch.Generator().manual_seed(5)))
print(torch.randint(0, 5, (0,)), torch.randint(3, (2, 0, 2)).shape)
