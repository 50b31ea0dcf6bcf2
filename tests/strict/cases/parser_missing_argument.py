# the Python argument parser with one signature: reshape's keyword is shape, so
# size= leaves it missing (python_arg_parser.cpp missing_args, whose plural is
# "s" for one argument); minaten explain reports it too (tests/explain)
import torch
a = torch.arange(24.).reshape(2, 3, 4)
b = a.reshape(size=[3, 8])
