"""torch.UntypedStorage and torch.TypedStorage: a tensor's storage, as bytes
and as elements of a dtype (t.storage()).  The bytes are C's
(csrc/Storage.c, torch._C.StorageBase); TypedStorage is Python, as in 1.13.

PyTorch 1.13: torch/storage.py
"""
from minaten import _C, _utils


class UntypedStorage(_C.StorageBase):
    """The bytes of a storage.  PyTorch 1.13: torch/storage.py UntypedStorage"""
    __module__ = "torch.storage"

    def __str__(self):
        data = " " + "\n ".join(str(self[i]) for i in range(len(self)))
        return data + "\n[torch.storage.UntypedStorage(device=%s) of size %d]" % (self.device, len(self))

    __repr__ = __str__

    def tolist(self):
        return [self[i] for i in range(len(self))]


_C._set_storage_class(UntypedStorage)


class TypedStorage:
    """A storage seen as elements of `dtype` (what t.storage() returns).
    PyTorch 1.13: torch/storage.py TypedStorage"""
    __module__ = "torch.storage"
    is_sparse = False

    def __init__(self, *, wrap_storage, dtype):
        self._storage = wrap_storage
        self.dtype = dtype

    def untyped(self):
        return self._storage

    @property
    def device(self):
        return self._storage.device

    def data_ptr(self):
        return self._storage.data_ptr()

    def nbytes(self):
        return self._storage.nbytes()

    def element_size(self):
        return _utils._element_size(self.dtype)

    def size(self):
        return self.nbytes() // self.element_size()

    def __len__(self):
        return self.size()

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            raise RuntimeError("slices are only supported in UntypedStorage.__getitem__")
        if not isinstance(idx, int):
            raise RuntimeError(f"can't index a {type(self)} with {type(idx)}")
        return self._storage._get_element(self.dtype, idx)

    def __iter__(self):
        return iter(self[i] for i in range(self.size()))

    def tolist(self):
        return list(self)

    def __str__(self):
        info = "[torch.storage.TypedStorage(dtype=%s, device=%s) of size %d]" % (self.dtype, self.device, len(self))
        return " " + "\n ".join(str(self[i]) for i in range(self.size())) + "\n" + info

    __repr__ = __str__


_C._set_typed_storage_class(TypedStorage)
