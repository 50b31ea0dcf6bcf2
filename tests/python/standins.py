"""Test-only stand-ins for the parts of the torch API that other helpers of
issue 30 write (torch.tensor from nested lists: csrc/utils/tensor_new.c;
t[...]: python_variable_indexing.c), installed only while minaten lacks
them, so that tests/python can run scripts that build small tensors from
literals and read elements.  They are built on operators minaten binds
(full, stack, select, slice, unsqueeze, index) and are no model of 1.13.
"""


def _infer(data):
    """(dtype kind, shape) of nested lists of Python numbers."""
    if isinstance(data, (list, tuple)):
        if len(data) == 0:
            return "float", [0]
        kinds, shapes = zip(*(_infer(d) for d in data))
        kind = "float" if "float" in kinds else "int" if "int" in kinds else "bool"
        return kind, [len(data)] + shapes[0]
    if isinstance(data, bool):
        return "bool", []
    if isinstance(data, int):
        return "int", []
    if isinstance(data, float):
        return "float", []
    if hasattr(data, "dim") and hasattr(data, "item"):  # a tensor
        return ("float" if data.dtype.is_floating_point else "bool" if str(data.dtype) == "torch.bool" else "int"), list(data.shape)
    raise TypeError("Could not infer dtype of %s" % type(data).__name__)


def install(torch):
    default = {"float": torch.float32, "int": torch.int64, "bool": torch.bool}

    def build(data, dtype):
        if isinstance(data, (list, tuple)):
            if len(data) == 0:
                return torch.empty(0, dtype=dtype)
            return torch.stack([build(d, dtype) for d in data])
        if hasattr(data, "item"):
            return data.to(dtype)
        return torch.full((), data, dtype=dtype)

    def tensor(data, dtype=None, device=None, requires_grad=False):
        if not isinstance(requires_grad, bool):
            raise TypeError("tensor(): argument 'requires_grad' must be bool, not %s" % type(requires_grad).__name__)
        kind, _ = _infer(data)
        with torch.no_grad():
            t = build(data, dtype if dtype is not None else default[kind])
            if device is not None:
                t = t.to(device)
        if requires_grad:
            if not t.dtype.is_floating_point:
                raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
            t.requires_grad_()
        return t

    def getitem(self, index):
        if not isinstance(index, tuple):
            index = (index,)
        t, dim = self, 0
        for i in index:
            if i is None:
                t = t.unsqueeze(dim)
                dim += 1
            elif i is Ellipsis:
                dim = t.dim() - (len(index) - index.index(Ellipsis) - 1)
            elif isinstance(i, slice):
                start, stop, step = i.indices(t.shape[dim])
                t = torch.ops.aten.slice.Tensor(t, dim, start, stop, step)
                dim += 1
            elif isinstance(i, int) and not isinstance(i, bool):
                t = t.select(dim, i)
            else:
                if not hasattr(i, "dim"):
                    i = tensor(i)
                indices = [None] * dim + [i]
                t = torch.ops.aten.index.Tensor(t, indices)
                dim += i.dim()
        return t

    if not hasattr(torch, "tensor"):
        torch.tensor = tensor
    if not hasattr(torch._C._TensorBase, "__getitem__"):
        torch.Tensor.__getitem__ = getitem
