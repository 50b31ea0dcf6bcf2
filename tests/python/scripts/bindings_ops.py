# torch.ops: packets and overloads as objects (repr, str, __name__, overloads, overloadpacket, op, _schema as 1.13 prints it), calls, and their errors
import torch
a = torch.arange(6.).reshape(2, 3)
p = torch.ops.aten.add
o = torch.ops.aten.add.Tensor
print(repr(p), str(p), p.__name__, type(p).__name__, type(p).__module__, repr(o), str(o), o.__name__, type(o).__name__)
print(o.overloadpacket is p, p.Tensor is o, torch.ops.aten.add is p, o.name(), o.namespace, o.__qualname__, o.__module__, p.__module__)
print(o._schema, o._schema.name, o._schema.overload_name, [x.name for x in o._schema.arguments], [x.kwarg_only for x in o._schema.arguments])
print(torch.ops.aten.reshape.default, torch.ops.aten.reshape.default._schema, torch.ops.aten.contiguous.default._schema)
print(torch.ops.aten.max.dim._schema, torch.ops.aten.max.dim_max._schema)
print('Scalar' in torch.ops.aten.add.overloads(), 'default' in torch.ops.aten.reshape.overloads(), type(p.op).__name__, type(o.op).__name__, torch.ops.aten.__name__, type(torch.ops).__name__)
print(p(a, a), o(a, 1), torch.ops.aten.add.Scalar(a, 2), torch.ops.aten.max.dim(a, 1), type(torch.ops.aten.max.dim(a, 1)).__name__)
print(torch.ops.aten.unbind(a), type(torch.ops.aten.unbind(a)).__name__, type(torch.unbind(a)).__name__, type(a.unbind()).__name__)
print(type(torch.max(a, 1)).__name__, torch.max(a, 1).values, torch.max(a, 1).indices, torch.max(a, 1, keepdim=True)._fields if hasattr(torch.max(a, 1), '_fields') else '')
print(torch.ops.aten.sum(a, [0]), torch.ops.aten.zeros([2], dtype=6), torch.ops.aten.contiguous(a, memory_format=0).shape)
torch.ops.aten.add.nonexistent
torch.ops.aten.nonexistent
torch.ops.aten.add(self=a, other=a)
torch.ops.aten.add.Tensor(a, self=a)
torch.ops.aten.reshape(a)
torch.ops.aten.view(a, "x")
torch.ops.aten.view.default(a, "x")
torch.ops.aten.view.default(a, [2.5, 1])
torch.ops.aten.view.default(a, [6], size=[6])
torch.ops.aten.view.default(a, size=[6], foo=1)
torch.ops.aten.add.Tensor(a, a, 1)
torch.ops.aten.add.Tensor(a, None)
torch.ops.aten.add.Tensor(a, a, alpha="x")
torch.ops.aten.cat([a, 1])
torch.ops.aten.index.Tensor(a, "x")
torch.ops.aten.zeros.default([2], device=3)
torch.ops.load_library("a\0b")
torch.ops.load_library(1)
torch.ops.load_library("/nonexistent/libfoo.so")
