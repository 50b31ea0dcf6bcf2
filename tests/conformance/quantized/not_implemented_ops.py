import torch
q = torch.quantize_per_tensor(torch.tensor([1.0, 2.0]), 0.5, 0, torch.quint8)
q.exp()
q + q
q.neg()
q.zero_()
q.sqrt()
q.log()
