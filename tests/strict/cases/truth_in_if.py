# the truth of a tensor of several values in an if: no markers
import torch
t = torch.ones(2)
if t:
    print('never')
