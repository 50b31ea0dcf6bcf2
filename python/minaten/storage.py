"""torch.TypedStorage: a tensor's storage seen as elements of its dtype,
what Tensor.storage() returns.  The bytes themselves are a
torch.UntypedStorage (csrc/Storage.c); this class counts them in elements.

What PyTorch's own tests ask of it: data_ptr() (to tell whether two tensors
share memory), size() and len() (elements), element_size(), nbytes(),
dtype, device.  NB(minaten): no element access, tolist(), copy or
construction from data (torch.FloatStorage([1, 2]) and the like).

PyTorch 1.13: torch/storage.py TypedStorage
"""
import minaten as torch
from minaten._C import UntypedStorage  # noqa: F401


class TypedStorage:
    is_sparse = False

    def __init__(self, *, wrap_storage, dtype):
        """PyTorch 1.13: torch/storage.py TypedStorage.__init__ (the wrap_storage= form)"""
        if not isinstance(wrap_storage, UntypedStorage):
            raise TypeError(f"expected a torch.UntypedStorage for wrap_storage, got {type(wrap_storage)}")
        self._storage = wrap_storage
        self.dtype = dtype

    def element_size(self):
        return torch._utils._element_size(self.dtype)

    def nbytes(self):
        return self._storage.nbytes()

    def size(self):
        return self._storage.nbytes() // self.element_size()

    def __len__(self):
        return self.size()

    def data_ptr(self):
        return self._storage.data_ptr()

    @property
    def device(self):
        return self._storage.device


TypedStorage.__module__ = "torch.storage"
