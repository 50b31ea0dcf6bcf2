# add has two signatures (one of them the hidden deprecated add(self, alpha,
# other)); only one fits one argument, and it refuses a str by its position
import torch
t = torch.ones(2)
t.add("s")
