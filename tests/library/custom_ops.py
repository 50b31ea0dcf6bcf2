# an operator library loaded at run time: its operators are torch.ops.myops.*
import torch
torch.ops.load_library("libmyops.so")
x = torch.tensor([-2., 0.5, 3.])
print(torch.ops.myops.cube(x))
print(torch.ops.myops.cube.default(x))
print(torch.ops.myops.cube(torch.arange(4)))
print(torch.ops.myops.scale(x))
print(torch.ops.myops.scale(x, 0.5))
print(torch.ops.myops.scale.Scalar(x, factor=3))
print(torch.ops.myops.softsign(x))
show(torch.ops.myops.cube(torch.arange(6.).reshape(2, 3).t()))
# what a TorchDispatchMode sees: the operator, not its kernel's own calls;
# the composite one decomposes above the mode
trace_on()
y = torch.ops.myops.cube(x)
z = torch.ops.myops.softsign(x)
w = torch.ops.myops.scale(x)
trace_off()
# bad calls
torch.ops.myops.cube(1)
torch.ops.myops.cube(x, x)
torch.ops.myops.scale(x, factor="a")
torch.ops.myops.nothing
torch.ops.myops.undefined_op
torch.ops.myops.cube.nothing
torch.ops.otherops.cube
# loading it again does nothing
torch.ops.load_library("libmyops.so")
print(torch.ops.myops.cube(x))
# the operator is not torch.cube or a method
torch.cube
x.cube()
