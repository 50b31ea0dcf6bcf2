# minaten's demo: reshape picks one of three routes, exactly as at::native::reshape does
import torch
a = torch.arange(24.).reshape(2, 3, 4)
print(a.shape, a.stride(), a.is_contiguous())
trace_on()
b = a.reshape(6, 4)
c = a.transpose(0, 1).reshape(3, 8)
trace_off()
same_storage(a, b)
same_storage(a, c)
show(b)
show(c)
a.view(5, 5)
print("done")
