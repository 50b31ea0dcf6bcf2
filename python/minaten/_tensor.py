"""torch.Tensor: the Python class of every tensor, a subclass of the C type
torch._C._TensorBase (csrc/autograd/python_variable.c), whose metaclass
_TensorMeta gives it the C type's dealloc (Note [Tensor and its PyObject]).

PyTorch 1.13: torch/_tensor.py
"""
from minaten import _C


class Tensor(_C._TensorBase):
    __module__ = "torch"

    # ---- NumPy and DLPack (the C side: csrc/utils/tensor_numpy.c, csrc/DLConvertor.c) ----
    # NB(minaten): no __torch_function__ dispatch in these yet (1.13's
    # has_torch_function_unary checks).

    __array_priority__ = 1000  # prefer Tensor ops over numpy ones

    def __array__(self, dtype=None):
        if dtype is None:
            return self.numpy()
        else:
            return self.numpy().astype(dtype, copy=False)

    # Wrap Numpy array again in a suitable tensor when done, to support e.g.
    # `numpy.sin(tensor) -> tensor` or `numpy.greater(tensor, 0) -> ByteTensor`
    def __array_wrap__(self, array):
        if array.dtype == bool:
            # Workaround, torch has no built-in bool tensor
            array = array.astype('uint8')
        return _C.from_numpy(array)

    def __dlpack__(self, stream=None):
        """A DLPack capsule lending this tensor's memory to another library
        (what its from_dlpack calls).  Refuses tensors that require grad."""
        # DLPack capsules can't capture all of PyTorch's semantics, so we
        # prohibit exporting tensors that would lose their properties like
        # requires_grad.  (NB(minaten): no conjugate bit, no other layout.)
        if self.requires_grad:
            raise RuntimeError('Can\'t export tensors that require gradient, use tensor.detach()')
        if stream is not None and type(stream) is not int:
            # Stream pointers in CUDA/ROCm are uniquely numbered and can
            # be retrieved from their integer value.
            raise TypeError('stream must be ``int`` or ``none``')
        return _C._to_dlpack(self)

    def __dlpack_device__(self):
        """(DLDeviceType, index) of the memory __dlpack__ lends."""
        from minaten.utils.dlpack import DLDeviceType
        idx = self.device.index if self.device.index is not None else 0
        # NB(minaten): 1.13 asks self.is_pinned() first (kDLCPUPinned), a call
        # its trace shows (op aten::is_pinned); minaten has no pinned memory
        # and no is_pinned operator.
        if self.device.type == 'cpu':
            device_type = DLDeviceType.kDLCPU
        else:
            raise ValueError('Unknown device type {} for Dlpack'.format(self.device.type))
        return (device_type, idx)


_C._set_tensor_class(Tensor)
