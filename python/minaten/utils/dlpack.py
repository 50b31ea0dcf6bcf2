"""torch.utils.dlpack: tensors lent to and borrowed from other array libraries
through DLPack capsules (the C side is csrc/DLConvertor.c and
csrc/utils/tensor_new.c).

    torch.from_dlpack(x)   a tensor sharing x's memory: x has __dlpack__
                           (a NumPy array, a PyTorch tensor, a minaten
                           tensor), or x is a "dltensor" capsule
    torch.to_dlpack(t)     a "dltensor" capsule lending t's memory (the
                           legacy interface: t.__dlpack__() is the same)

PyTorch 1.13: torch/utils/dlpack.py
"""
import enum

from minaten._C import _from_dlpack
from minaten._C import _to_dlpack as to_dlpack  # noqa: F401


class DLDeviceType(enum.IntEnum):
    """The device types of the DLPack specification (dlpack/dlpack.h), as
    Tensor.__dlpack_device__ names them."""
    kDLCPU = 1,
    kDLGPU = 2,
    kDLCPUPinned = 3,
    kDLOpenCL = 4,
    kDLVulkan = 7,
    kDLMetal = 8,
    kDLVPI = 9,
    kDLROCM = 10,
    kDLExtDev = 12,


def from_dlpack(ext_tensor):
    """A tensor sharing the memory of ext_tensor: an object with __dlpack__
    (asked for its capsule on the CPU, which takes no stream), or a capsule.
    A capsule is consumed once."""
    if hasattr(ext_tensor, '__dlpack__'):
        device = ext_tensor.__dlpack_device__()
        if device[0] in (DLDeviceType.kDLGPU, DLDeviceType.kDLROCM):
            # NB(minaten): 1.13 passes the current CUDA stream here; minaten
            # has no CUDA, and the capsule's device is refused by _from_dlpack
            dlpack = ext_tensor.__dlpack__(stream=None)
        else:
            dlpack = ext_tensor.__dlpack__()
    else:
        # Old versions just call the converter
        dlpack = ext_tensor
    return _from_dlpack(dlpack)
