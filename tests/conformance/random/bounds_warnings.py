# random_ and randint beyond the integers a floating dtype holds exactly
# (2^digits): 1.13's check_from_to_in_range warns, its message ending with
# where it was triggered.
import torch
import warnings


def warned(f):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        f()
    for w in caught:
        print(w.category.__name__, str(w.message))


warned(lambda: torch.empty(3).random_(-2**30, 5))
warned(lambda: torch.empty(3).random_(0, 2**30))
warned(lambda: torch.empty(3, dtype=torch.float16).random_(0, 2**12))
warned(lambda: torch.empty(3, dtype=torch.bfloat16).random_(-2**9, 2**9))
warned(lambda: torch.empty(3, dtype=torch.float64).random_(-2**60, 5))
warned(lambda: torch.randint(0, 2**30, (3,), dtype=torch.float32))
warned(lambda: torch.randint(-2**25, 2**25, (3,), dtype=torch.float32))
warned(lambda: torch.empty(3).random_(0, 2**24 + 1))
