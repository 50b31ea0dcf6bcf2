# float16 between minaten and NumPy: numpy() shares the memory as float16,
# from_numpy / tensor / as_tensor take float16 arrays and scalars; bfloat16
# has no NumPy dtype.
import numpy as np
import torch
h = torch.tensor([1.5, 1/3, 65504.], dtype=torch.half)
a = h.numpy(); print(a, a.dtype, a.strides)
a[0] = 7; print(h)
print(torch.from_numpy(np.array([0.1, 2.5], dtype=np.float16)), torch.tensor(np.array([0.1], dtype=np.float16)), torch.as_tensor(np.float16(3.5)))
try: torch.tensor([1.], dtype=torch.bfloat16).numpy()
except Exception as e: print(type(e).__name__, e)
print(np.asarray(h), torch.tensor([np.float16(1.5), 2]))
print(torch.from_dlpack(h), torch.from_dlpack(torch.tensor([1.5, -2.0], dtype=torch.bfloat16)), torch.from_dlpack(np.array([0.5], dtype=np.float16)))
