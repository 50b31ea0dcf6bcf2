# minaten's demo: reshape picks one of three routes, exactly as at::native::reshape does
# Run it with minaten: build/minaten run tools/demo/reshape_routes.py
# Under PyTorch 1.13: /usr/bin/python3 tools/oracle/record.py --stdout tools/demo/reshape_routes.py
# (plain `python3 reshape_routes.py` stops at trace_on(): NameError, the helpers
# show, same_storage, trace_on and trace_off are defined by the recorder).
# Both, compared: tools/oracle/compare.sh tools/demo/reshape_routes.py (docs/comparing.md)
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
