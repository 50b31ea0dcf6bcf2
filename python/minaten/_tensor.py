"""torch.Tensor: the Python class of every tensor, a subclass of the C type
torch._C._TensorBase (csrc/autograd/python_variable.c), whose metaclass
_TensorMeta gives it the C type's dealloc (Note [Tensor and its PyObject]).

PyTorch 1.13: torch/_tensor.py
"""
from minaten import _C


class Tensor(_C._TensorBase):
    __module__ = "torch"


_C._set_tensor_class(Tensor)
