# a method whose one signature takes no argument is a METH_NOARGS method in
# 1.13: CPython refuses the argument, naming the method by its class
import torch
t = torch.ones(2)
t.neg(1)
