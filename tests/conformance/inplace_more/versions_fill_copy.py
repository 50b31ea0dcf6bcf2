# _version after copy_, fill_, zero_, clamp_, masked_fill_ and index_add_,
# on a base and through a view: one bump per call, seen by every alias
import torch
t = torch.zeros(2, 3)
v = t[1]
print(t._version, v._version)
t.copy_(torch.ones(2, 3))
print(t._version, v._version)
v.fill_(2)
print(t._version, v._version)
t.zero_()
print(t._version, v._version)
t.clamp_(-1, 1)
v.clamp_(0, 1)
print(t._version, v._version)
t.masked_fill_(t == 0, 3.)
print(t._version, v._version, t)
v.index_add_(0, torch.tensor([0, 2]), torch.tensor([1., 2.]))
print(t._version, v._version, t)
t.masked_fill_(torch.tensor(True), 0.5)
print(t._version)
