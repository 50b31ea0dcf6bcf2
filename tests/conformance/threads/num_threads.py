# torch.set_num_threads / get_num_threads, and their errors.
# The default is half the processors on x86-64 (1 on a 2-core machine);
# compared with that rule rather than printed, so that the script reads
# the same on any machine.
import os
import torch

print(torch.get_num_threads() == max(1, os.cpu_count() // 2))
torch.set_num_threads(3)
print(torch.get_num_threads())
torch.set_num_threads(2**32 + 2)  # truncated to a C int: 2
print(torch.get_num_threads())
for bad in [0, -1, 2**40, True, 2.5, "2", None]:
    try:
        torch.set_num_threads(bad)
    except Exception as e:
        print(type(e).__name__, e)
print(torch.get_num_threads())
try:
    torch.set_num_threads()
except TypeError as e:
    print("TypeError", str(e).replace("torch.", ""))
try:
    torch.get_num_threads(1)
except TypeError as e:
    print("TypeError", str(e).replace("torch.", ""))
print(torch.set_num_threads.__module__, torch.get_num_threads.__name__)
