# a PyTorch error in a function called from a loop
import torch
def g(t):
    return t.view(5)
for k in range(2):
    print(k)
print(g(torch.ones(2, 3)))
