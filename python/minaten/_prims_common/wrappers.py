"""The decorators of 1.13's Python meta kernels and references.

elementwise_type_promotion_wrapper: the arguments an elementwise operation
promotes, converted to the computation dtype, and the result to the
result dtype (elementwise_dtypes).

out_wrapper: the out= form.  The function computes a fresh result; given
out (or a tuple of outs), the wrapper resizes each (a warning when one
with elements changes shape), checks that the result's dtype casts safely
into it, and copies.

PyTorch 1.13: torch/_prims_common/wrappers.py
"""
from collections import namedtuple
from collections.abc import Sequence
from functools import reduce, wraps
import inspect
from numbers import Number
import operator
import warnings

import minaten._prims_common as utils
from minaten._prims_common import TensorLike
from minaten.utils._pytree import tree_flatten


def _maybe_convert_to_dtype(a, dtype):
    """A tensor converted (prims.convert_element_type), a number made of
    dtype's Python type, a sequence element by element, None kept."""
    import minaten._prims as prims
    if isinstance(a, TensorLike):
        return prims.convert_element_type(a, dtype) if a.dtype != dtype else a
    if isinstance(a, Number):
        return utils.dtype_to_type(dtype)(a)
    if isinstance(a, Sequence):
        return tuple(_maybe_convert_to_dtype(x, dtype) for x in a)
    if a is None:
        return None
    raise ValueError("Received type {0} that is neither a tensor or a number!".format(type(a)))


class elementwise_type_promotion_wrapper:
    """A decorator: the arguments named in type_promoting_args (each
    element of a sequence among them) take part in elementwise type
    promotion of type_promotion_kind; they are converted to its computation
    dtype before the function runs, and its result to the result dtype."""

    def __init__(self, *, type_promotion_kind, type_promoting_args=None):
        self.type_promoting_arg_names = type_promoting_args
        self.type_promotion_kind = type_promotion_kind

    def __call__(self, fn):
        sig = inspect.signature(fn)

        @wraps(fn)
        def _fn(*args, **kwargs):
            bound = sig.bind(*args, **kwargs)
            names = [x for x in self.type_promoting_arg_names if x in bound.arguments]
            flattened = tree_flatten(tuple(bound.arguments[x] for x in names))[0]
            compute_dtype, result_dtype = utils.elementwise_dtypes(*flattened,
                                                                   type_promotion_kind=self.type_promotion_kind)
            bound.arguments.update({x: _maybe_convert_to_dtype(bound.arguments[x], compute_dtype) for x in names})
            result = fn(**bound.arguments)
            if isinstance(result, TensorLike):
                return _maybe_convert_to_dtype(result, result_dtype)
            if isinstance(result, Sequence):
                return tuple(_maybe_convert_to_dtype(x, result_dtype) for x in result)
            raise AssertionError(f"Unhandled result type: {type(result)}")

        _fn.__signature__ = sig
        return _fn


def _maybe_resize_out(out, shape):
    if out.numel() == 0:
        return out.resize_(shape)
    if out.numel() != reduce(operator.mul, shape, 1):
        warnings.warn(
            "An output with one or more elements was resized since it had shape {0} "
            "which does not match the required output shape {1}. "
            "This behavior is deprecated, and in a future PyTorch release outputs will not "
            "be resized unless they have zero elements. "
            "You can explicitly reuse an out tensor t by resizing it, inplace, to zero elements with t.resize_(0).".format(
                str(out.shape), str(shape)))
        return out.resize_(shape)
    return out


def _safe_copy_out(*, copy_from, copy_to, exact_dtype=False):
    if copy_from.device != copy_to.device:
        raise RuntimeError("Attempting to copy from device {0} to device {1}, but cross-device copies are not allowed!".format(
            copy_from.device, copy_to.device))
    if exact_dtype:
        utils.check(copy_from.dtype == copy_to.dtype,
                    lambda: f"Expected out tensor to have dtype {copy_from.dtype} but got {copy_to.dtype} instead")
    else:
        utils.check(utils.can_safe_cast_to(cast_from=copy_from.dtype, cast_to=copy_to.dtype),
                    lambda: f"Attempting to cast from {copy_from.dtype} to out tensor with dtype {copy_to.dtype}, "
                    "but this can't be cast because it is not safe!")
    return copy_to.copy_(copy_from)


def out_wrapper(*out_names, exact_dtype=False):
    """fn(*args, out=None, **kwargs): fn's result, or its values copied
    into out.  With out_names (two or more), fn returns a tuple, out is a
    tuple of as many tensors, and the result is a named tuple of them.  A
    factory (fn takes device and dtype) given out is asked for out's."""
    is_tensor = len(out_names) == 0
    assert is_tensor or len(out_names) >= 2

    def _out_wrapper(fn):
        return_type = None if is_tensor else namedtuple(f"return_types_{fn.__name__}", out_names)
        sig = inspect.signature(fn)
        is_factory_fn = all(p in sig.parameters for p in ("device", "dtype"))

        @wraps(fn)
        def _fn(*args, out=None, **kwargs):
            if is_factory_fn and out is not None:
                for k in ("device", "dtype"):
                    kwargs.setdefault(k, getattr(out, k))
            result = fn(*args, **kwargs)
            assert (isinstance(result, TensorLike) and is_tensor
                    or isinstance(result, tuple) and len(result) == len(out_names))
            if out is None:
                out = result
            elif is_tensor:
                assert isinstance(out, TensorLike)
                _maybe_resize_out(out, result.shape)
                _safe_copy_out(copy_from=result, copy_to=out, exact_dtype=exact_dtype)
            else:
                assert isinstance(out, tuple)
                utils.check(len(out) == len(result), lambda: f"expected tuple of {len(result)} elements but got {len(out)}",
                            TypeError)
                for r, o in zip(result, out):
                    _maybe_resize_out(o, r.shape)
                    _safe_copy_out(copy_from=r, copy_to=o, exact_dtype=exact_dtype)
            return out if is_tensor else return_type(*out)

        out_param = inspect.Parameter("out", kind=inspect.Parameter.KEYWORD_ONLY, default=None)
        _fn.__signature__ = inspect.Signature(parameters=list(sig.parameters.values()) + [out_param])
        return _fn

    return _out_wrapper
