# torch.ops.load_library hands its path to the system (ctypes.CDLL): a path
# with a NUL byte is Python's ValueError, and the text before the NUL is
# never loaded (minaten's strings end at a NUL: "\0" would have loaded ".")
import torch
torch.ops.load_library("a\0b")
torch.ops.load_library("\0")
torch.ops.load_library("libmyops.so\x00")
torch.ops.load_library("\u0000/x.so")
torch.ops.load_library(1)
print("done")
