# no signature fits five arguments; add shows its one visible signature, and
# marks the arguments it refuses
import torch
t = torch.ones(2)
torch.add(t, "x", 1, 2, 3)
