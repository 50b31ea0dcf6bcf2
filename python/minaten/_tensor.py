"""torch.Tensor: the Python class of every tensor, a subclass of the C type
torch._C._TensorBase (csrc/autograd/python_variable.c), whose metaclass
_TensorMeta gives it the C type's dealloc (Note [Tensor and its PyObject]).

The operators 1.13 writes here in Python (the reflected ones: `1 - a`,
`2 / a`, `2 ** a`; `//`, `len()`, iteration, `in`) are here too; the others
(`a + b`, `a == b`, `a += b`) are methods of _TensorBase
(csrc/autograd/python_bindings.c).

Each function here asks __torch_function__ first, as 1.13's do
(has_torch_function_unary, handle_torch_function: torch.overrides), and
Tensor.__torch_function__ is the default a subclass inherits: it runs the
call with __torch_function__ disabled and makes a tensor result an
instance of the subclass (_convert).

PyTorch 1.13: torch/_tensor.py
"""
import functools
import numbers
from collections import OrderedDict

import minaten as torch
from minaten import _C
from minaten.overrides import (get_default_nowrap_functions, handle_torch_function, has_torch_function,
                               has_torch_function_unary, has_torch_function_variadic)  # noqa: F401


def _handle_torch_function_and_wrap_type_error_to_not_implemented(f):
    """__torch_function__ first; then a TypeError of f becomes
    NotImplemented, so that Python tries the other operand's reflected
    method.  PyTorch 1.13: torch/_tensor.py
    _handle_torch_function_and_wrap_type_error_to_not_implemented"""
    assigned = functools.WRAPPER_ASSIGNMENTS

    @functools.wraps(f, assigned=assigned)
    def wrapped(*args, **kwargs):
        try:
            if has_torch_function(args):
                return handle_torch_function(wrapped, args, *args, **kwargs)
            return f(*args, **kwargs)
        except TypeError:
            return NotImplemented

    return wrapped


def _result_type(number, tensor):
    """torch.result_type(number, tensor) for a Python number and a tensor:
    the rule of at::native::result_type(Scalar, Tensor) for the dtypes a
    Python number can have.  NB(minaten): 1.13 calls the
    CompositeImplicitAutograd operator aten::result_type.Scalar_Tensor,
    which minaten does not register (TorchDispatchMode does not see it, so
    the trace is the same).  PyTorch 1.13: aten/src/ATen/native/TypeProperties.cpp"""
    if tensor.dtype.is_floating_point:
        return tensor.dtype
    if isinstance(number, float):
        return torch.get_default_dtype()
    if isinstance(number, int) and not isinstance(number, bool) and tensor.dtype is torch.bool:
        return torch.int64
    return tensor.dtype


class Tensor(_C._TensorBase):
    __module__ = "torch"

    def __repr__(self, *, tensor_contents=None):
        """str() and print() too (Tensor has no __str__).  NB(minaten): 1.13
        calls torch._tensor_str._str, Python; minaten's printing is C
        (csrc/utils/tensor_str.c).  PyTorch 1.13: torch/_tensor.py Tensor.__repr__"""
        if has_torch_function_unary(self):
            return handle_torch_function(Tensor.__repr__, (self,), self, tensor_contents=tensor_contents)
        return _C._tensor_str(self, tensor_contents=tensor_contents)

    def norm(self, p="fro", dim=None, keepdim=False, dtype=None):
        """PyTorch 1.13: torch/_tensor.py Tensor.norm"""
        if has_torch_function_unary(self):
            return handle_torch_function(Tensor.norm, (self,), self, p=p, dim=dim, keepdim=keepdim, dtype=dtype)
        return torch.norm(self, p, dim, keepdim, dtype=dtype)

    def split(self, split_size, dim=0):
        """An int (or a one-element tensor) splits into chunks of that size,
        a list of sizes into those sizes.  PyTorch 1.13: torch/_tensor.py Tensor.split"""
        if has_torch_function_unary(self):
            return handle_torch_function(Tensor.split, (self,), self, split_size, dim=dim)
        if isinstance(split_size, Tensor):
            try:
                split_size = int(split_size)
            except ValueError:
                pass
        if isinstance(split_size, int):
            return _C._VariableFunctions.split(self, split_size, dim)
        else:
            return _C._VariableFunctions.split_with_sizes(self, split_size, dim)

    def unique(self, sorted=True, return_inverse=False, return_counts=False, dim=None):
        """PyTorch 1.13: torch/_tensor.py Tensor.unique"""
        if has_torch_function_unary(self):
            return handle_torch_function(Tensor.unique, (self,), self, sorted=sorted, return_inverse=return_inverse,
                                         return_counts=return_counts, dim=dim)
        return torch.unique(self, sorted=sorted, return_inverse=return_inverse, return_counts=return_counts, dim=dim)

    def unique_consecutive(self, return_inverse=False, return_counts=False, dim=None):
        """PyTorch 1.13: torch/_tensor.py Tensor.unique_consecutive"""
        if has_torch_function_unary(self):
            return handle_torch_function(Tensor.unique_consecutive, (self,), self, return_inverse=return_inverse,
                                         return_counts=return_counts, dim=dim)
        return torch.unique_consecutive(self, return_inverse=return_inverse, return_counts=return_counts, dim=dim)

    def unflatten(self, dim, sizes):
        """PyTorch 1.13: torch/_tensor.py Tensor.unflatten.  NB(minaten):
        minaten's tensors have no names, so the named form (sizes given as
        (name, size) pairs) is refused."""
        if has_torch_function_unary(self):
            return handle_torch_function(Tensor.unflatten, (self,), self, dim, sizes)
        if not sizes:
            raise RuntimeError("unflatten: sizes must be non-empty")
        if isinstance(sizes, (tuple, list)) and isinstance(sizes[0], (tuple, list)):
            raise NotImplementedError("minaten: named tensors are not supported")
        return super(Tensor, self).unflatten(dim, sizes)

    def storage(self):
        """The storage under this tensor, typed with its dtype: a
        torch.TypedStorage over self._storage() (python/minaten/storage.py).
        PyTorch 1.13: torch/_tensor.py Tensor.storage"""
        if has_torch_function_unary(self):
            return handle_torch_function(Tensor.storage, (self,), self)
        return torch.TypedStorage(wrap_storage=self._storage(), dtype=self.dtype)

    def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
        """The gradient of this tensor with respect to the graph's leaves,
        accumulated into their .grad: torch.autograd.backward(self, ...)
        (python/minaten/autograd/__init__.py).  PyTorch 1.13: torch/_tensor.py Tensor.backward"""
        if has_torch_function_unary(self):
            return handle_torch_function(Tensor.backward, (self,), self, gradient=gradient,
                                         retain_graph=retain_graph, create_graph=create_graph, inputs=inputs)
        torch.autograd.backward(self, gradient, retain_graph, create_graph, inputs=inputs)

    def register_hook(self, hook):
        """Registers hook(grad) -> Tensor or None, called with this tensor's
        gradient each time the backward computes it; what it returns (not
        None) replaces the gradient.  The hooks of a tensor live in one
        dict, self._backward_hooks, which the tensor's grad_fn calls before
        it runs (a pre-hook registered by _register_hook_dict, once) or, for
        a leaf, its AccumulateGrad before it accumulates
        (csrc/autograd/python_hook.c).  Returns a RemovableHandle.
        PyTorch 1.13: torch/_tensor.py Tensor.register_hook"""
        if has_torch_function_unary(self):
            return handle_torch_function(Tensor.register_hook, (self,), self, hook)
        if not self.requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        if self._backward_hooks is None:
            self._backward_hooks = OrderedDict()
            if self.grad_fn is not None:
                self.grad_fn._register_hook_dict(self)
        from minaten.utils import hooks
        handle = hooks.RemovableHandle(self._backward_hooks)
        self._backward_hooks[handle.id] = hook
        return handle

    @_handle_torch_function_and_wrap_type_error_to_not_implemented
    def __rsub__(self, other):
        return _C._VariableFunctions.rsub(self, other)

    @_handle_torch_function_and_wrap_type_error_to_not_implemented
    def __rdiv__(self, other):
        return self.reciprocal() * other

    __rtruediv__ = __rdiv__
    __itruediv__ = _C._TensorBase.__idiv__

    __pow__ = _handle_torch_function_and_wrap_type_error_to_not_implemented(_C._TensorBase.pow)
    __ipow__ = _handle_torch_function_and_wrap_type_error_to_not_implemented(_C._TensorBase.pow_)

    @_handle_torch_function_and_wrap_type_error_to_not_implemented
    def __rmod__(self, other):
        return torch.remainder(other, self)

    def __format__(self, format_spec):
        if has_torch_function_unary(self):
            return handle_torch_function(Tensor.__format__, (self,), self, format_spec)
        if self.dim() == 0 and type(self) is Tensor:
            return self.item().__format__(format_spec)
        return object.__format__(self, format_spec)

    @_handle_torch_function_and_wrap_type_error_to_not_implemented
    def __rpow__(self, other):
        dtype = _result_type(other, self)
        return torch.tensor(other, dtype=dtype, device=self.device) ** self

    @_handle_torch_function_and_wrap_type_error_to_not_implemented
    def __floordiv__(self, other):
        return torch.floor_divide(self, other)

    @_handle_torch_function_and_wrap_type_error_to_not_implemented
    def __rfloordiv__(self, other):
        return torch.floor_divide(other, self)

    @_handle_torch_function_and_wrap_type_error_to_not_implemented
    def __rlshift__(self, other):
        return torch.bitwise_left_shift(other, self)

    @_handle_torch_function_and_wrap_type_error_to_not_implemented
    def __rrshift__(self, other):
        return torch.bitwise_right_shift(other, self)

    @_handle_torch_function_and_wrap_type_error_to_not_implemented
    def __rmatmul__(self, other):
        return torch.matmul(other, self)

    if hasattr(_C._TensorBase, "positive"):
        __pos__ = _C._TensorBase.positive
    else:
        def __pos__(self):
            """NB(minaten): 1.13's __pos__ is aten::positive, which minaten
            does not have: the same result (self) and error."""
            if self.dtype is torch.bool:
                raise RuntimeError("The `+` operator, on a bool tensor is not supported.")
            return self

    __neg__ = _C._TensorBase.neg
    __abs__ = _C._TensorBase.abs

    def __len__(self):
        if has_torch_function_unary(self):
            return handle_torch_function(Tensor.__len__, (self,), self)
        if self.dim() == 0:
            raise TypeError("len() of a 0-d tensor")
        return self.shape[0]

    def __iter__(self):
        # iter(self.unbind(0)): one aten::unbind.int in the trace, made when
        # the iteration starts.  No __torch_function__ here, in 1.13 neither
        # (gh-54457)
        if self.dim() == 0:
            raise TypeError("iteration over a 0-d tensor")
        return iter(self.unbind(0))

    def __reversed__(self):
        """reversed(t): the tensor flipped along dim 0 (a 0-dim tensor is
        itself).  PyTorch 1.13: torch/_tensor.py Tensor.__reversed__"""
        if has_torch_function_unary(self):
            return handle_torch_function(Tensor.__reversed__, (self,), self)
        if self.dim() == 0:
            return self
        return self.flip(0)

    def __hash__(self):
        # no __torch_function__, in 1.13 neither
        return id(self)

    def __contains__(self, element):
        if has_torch_function_unary(self):
            return handle_torch_function(Tensor.__contains__, (self,), self, element)
        if isinstance(element, (torch.Tensor, numbers.Number)):
            return (element == self).any().item()
        raise RuntimeError(
            "Tensor.__contains__ only supports Tensor or scalar, but you passed in a %s." % type(element)
        )

    # A subclass overrides it to see every operator call on its instances
    # below autograd (Note [Wrapper subclasses] in
    # csrc/autograd/python_variable_wrapper_subclass.c); Tensor's own runs
    # the operator below the Python key.
    __torch_dispatch__ = _C._disabled_torch_dispatch_impl

    # ---- NumPy and DLPack (in C: csrc/utils/tensor_numpy.c, csrc/DLConvertor.c) ----

    __array_priority__ = 1000  # numpy defers a mixed operation to the tensor

    def __array__(self, dtype=None):
        """np.asarray(t): the tensor's memory as an array (t.numpy()), cast
        when a dtype is asked.  PyTorch 1.13: torch/_tensor.py Tensor.__array__"""
        if has_torch_function_unary(self):
            return handle_torch_function(Tensor.__array__, (self,), self, dtype=dtype)
        array = self.numpy()
        return array if dtype is None else array.astype(dtype, copy=False)

    def __array_wrap__(self, array):
        """The result of a numpy ufunc applied to a tensor (np.sin(t)) made a
        tensor again; a bool result comes back as uint8, as 1.13 returns it.
        PyTorch 1.13: torch/_tensor.py Tensor.__array_wrap__"""
        if has_torch_function_unary(self):
            return handle_torch_function(Tensor.__array_wrap__, (self,), self, array=array)
        if array.dtype == bool:
            array = array.astype("uint8")
        return _C._VariableFunctions.from_numpy(array)

    def __dlpack__(self, stream=None):
        """A DLPack capsule lending this tensor's memory (what another
        library's from_dlpack calls).  A tensor that requires grad is
        refused: the capsule cannot carry it.
        PyTorch 1.13: torch/_tensor.py Tensor.__dlpack__"""
        if has_torch_function_unary(self):
            return handle_torch_function(Tensor.__dlpack__, (self,), self, stream)
        if self.requires_grad:
            raise RuntimeError("Can't export tensors that require gradient, use tensor.detach()")
        if stream is not None and type(stream) is not int:
            raise TypeError("stream must be ``int`` or ``none``")
        return _C._to_dlpack(self)

    def __dlpack_device__(self):
        """(DLDeviceType, index) of the memory __dlpack__ lends.
        NB(minaten): 1.13 calls self.is_pinned() first (its trace shows
        op aten::is_pinned); minaten has no pinned memory and no is_pinned.
        PyTorch 1.13: torch/_tensor.py Tensor.__dlpack_device__"""
        from minaten.utils.dlpack import DLDeviceType
        if has_torch_function_unary(self):
            return handle_torch_function(Tensor.__dlpack_device__, (self,), self)
        if self.device.type != "cpu":
            raise ValueError("Unknown device type {} for Dlpack".format(self.device.type))
        index = self.device.index if self.device.index is not None else 0
        return (DLDeviceType.kDLCPU, index)


    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        """The __torch_function__ every subclass inherits: func(*args,
        **kwargs) with __torch_function__ disabled, its tensors made
        instances of cls (_convert), except the results of
        get_default_nowrap_functions() (x.grad, x._base), whose identity
        holds.  NotImplemented when cls is not a subclass of every type
        that overrides the call.  PyTorch 1.13: torch/_tensor.py Tensor.__torch_function__"""
        if kwargs is None:
            kwargs = {}

        if not all(issubclass(cls, t) for t in types):
            return NotImplemented

        with _C.DisableTorchFunction():
            ret = func(*args, **kwargs)
            if func in get_default_nowrap_functions():
                return ret
            else:
                return _convert(ret, cls)


def _convert(ret, cls):
    """ret with its tensors (in tuples and lists too, named tuples kept)
    made instances of cls by as_subclass.  PyTorch 1.13: torch/_tensor.py _convert"""
    if cls is Tensor:
        return ret

    if isinstance(ret, Tensor) and not isinstance(ret, cls):
        ret = ret.as_subclass(cls)

    if isinstance(ret, (tuple, list)):
        ret = type(ret)(_convert(r, cls) for r in ret)

    return ret


# 1.13's functions here are torch._tensor's: __torch_function__'s errors
# name them so ("no implementation found for 'torch._tensor.norm'")
for __f in list(vars(Tensor).values()) + [_convert]:
    if getattr(__f, "__module__", None) == __name__:
        __f.__module__ = "torch._tensor"
del __f

_C._set_tensor_class(Tensor)
