# minaten --trace=dispatch
# reshape on a lazy tensor takes the `view` route (at_native_reshape's
# is_lazy branch); the Functionalize kernel calls view_copy on the lazy
# value, whose Lazy kernel records the node after a shape run of the CPU
# kernel (the Meta line is the view's shape, for the wrapper); y.cpu() then
# runs the graph: CPU kernels through the dispatcher (show(), a helper, is
# never traced).
import torch
a = torch.arange(6.).reshape(2, 3).to("lazy")
r = a.reshape(3, 2)
y = r + 1
c = y.cpu()
show(c)
