"""The functions 1.13 defines in Python around operators: torch.norm (and
Tensor.norm, which calls it), torch.einsum, torch.split, torch.broadcast_tensors,
torch.broadcast_shapes and torch.atleast_1d/2d/3d.

torch.norm(input, p="fro", dim=None, keepdim=False, out=None, dtype=None)
picks the operator by p: "fro" is frobenius_norm (over every dim when none
is given: dim=() when nothing else is), a number or None is norm with dim a
list (every dim when None), with dtype and out passed on; "nuc" is
nuclear_norm, which minaten does not have.  So `a.norm()` traces
norm.ScalarOpt_dim, as in 1.13.

torch.einsum(equation, *operands) calls aten::einsum with the operands as
one list (also when given as one list or tuple), or builds the equation
from the sublist format (operand, [0, 1], ...).  opt_einsum is not
installed on the reference machine, so no contraction path is passed.

torch.split(tensor, split_size_or_sections, dim=0) is tensor.split(...)
(python/minaten/_tensor.py: a list of sizes goes to split_with_sizes).

torch.broadcast_tensors(*tensors) and torch.atleast_Nd(*tensors) take the
tensors as separate arguments and pass them on as one tuple (atleast_Nd: a
single argument, a tensor or a tuple of tensors, is passed as it is), so the
operators aten::broadcast_tensors and aten::atleast_Nd(.Sequence) do the work.
torch.broadcast_shapes computes the shape in Python, with 1.13's messages;
NB(minaten): there is no torch.jit, so the tracing branch (broadcast_tensors
over expanded zeros) is left out.

torch.unique(input, sorted=True, return_inverse=False, return_counts=False,
dim=None) calls aten::_unique2 without dim and aten::unique_dim with it;
torch.unique_consecutive calls aten::unique_consecutive.  Both return the
output alone or a tuple with the inverse and/or the counts, picked as 1.13's
boolean_dispatch (_jit_internal.py) picks (a flag given by keyword, else by position: for
unique_consecutive 1.13 looks for return_counts at position 1, where
return_inverse is, and minaten does the same).

PyTorch 1.13: torch/functional.py (norm, einsum, split, broadcast_tensors,
broadcast_shapes, atleast_1d, atleast_2d, atleast_3d, _unique_impl,
_unique_consecutive_impl, unique, unique_consecutive)
"""
import minaten as torch
from minaten import _C
from minaten._jit_internal import boolean_dispatch
from minaten.overrides import handle_torch_function, has_torch_function, has_torch_function_unary

_VF = _C._VariableFunctions

__all__ = ["atleast_1d", "atleast_2d", "atleast_3d", "broadcast_shapes", "broadcast_tensors", "einsum", "norm",
           "split", "unique", "unique_consecutive"]


def broadcast_tensors(*tensors):
    """PyTorch 1.13: torch/functional.py broadcast_tensors"""
    if has_torch_function(tensors):
        return handle_torch_function(broadcast_tensors, tensors, *tensors)
    return _VF.broadcast_tensors(tensors)


def broadcast_shapes(*shapes):
    """PyTorch 1.13: torch/functional.py broadcast_shapes (its branch when not tracing)"""
    max_len = 0
    for shape in shapes:
        if isinstance(shape, int):
            if max_len < 1:
                max_len = 1
        elif isinstance(shape, tuple) or isinstance(shape, list):
            s = len(shape)
            if max_len < s:
                max_len = s
    result = [1] * max_len
    for shape in shapes:
        if isinstance(shape, int):
            shape = (shape,)
        if isinstance(shape, tuple) or isinstance(shape, list):
            for i in range(-1, -1 - len(shape), -1):
                if shape[i] < 0:
                    raise RuntimeError("Trying to create tensor with negative dimension ({}): ({})"
                                       .format(shape[i], shape[i]))
                if shape[i] == 1 or shape[i] == result[i]:
                    continue
                if result[i] != 1:
                    raise RuntimeError("Shape mismatch: objects cannot be broadcast to a single shape")
                result[i] = shape[i]
        else:
            raise RuntimeError("Input shapes should be of type ints, a tuple of ints, or a list of ints, got ", shape)
    return torch.Size(result)


def atleast_1d(*tensors):
    """PyTorch 1.13: torch/functional.py atleast_1d"""
    if has_torch_function(tensors):
        return handle_torch_function(atleast_1d, tensors, *tensors)
    if len(tensors) == 1:
        tensors = tensors[0]
    return _VF.atleast_1d(tensors)


def atleast_2d(*tensors):
    """PyTorch 1.13: torch/functional.py atleast_2d"""
    if has_torch_function(tensors):
        return handle_torch_function(atleast_2d, tensors, *tensors)
    if len(tensors) == 1:
        tensors = tensors[0]
    return _VF.atleast_2d(tensors)


def atleast_3d(*tensors):
    """PyTorch 1.13: torch/functional.py atleast_3d"""
    if has_torch_function(tensors):
        return handle_torch_function(atleast_3d, tensors, *tensors)
    if len(tensors) == 1:
        tensors = tensors[0]
    return _VF.atleast_3d(tensors)


def split(tensor, split_size_or_sections, dim=0):
    """PyTorch 1.13: torch/functional.py split"""
    if has_torch_function_unary(tensor):
        return handle_torch_function(split, (tensor,), tensor, split_size_or_sections, dim=dim)
    return tensor.split(split_size_or_sections, dim)


def einsum(*args):
    """PyTorch 1.13: torch/functional.py einsum"""
    if len(args) < 2:
        raise ValueError('einsum(): must specify the equation string and at least one operand, '
                         'or at least one operand and its subscripts list')
    if isinstance(args[0], torch.Tensor):
        # the sublist format: operand, subscripts, operand, subscripts, ..., [output subscripts]
        def parse_subscript(n):
            if n == Ellipsis:
                return '...'
            if 0 <= n < 26:
                return chr(ord('A') + n)
            if 26 <= n < 52:
                return chr(ord('a') + n - 26)
            raise ValueError('einsum(): subscript in subscript list is not within the valid range [0, 52)')

        equation = ','.join(''.join(parse_subscript(s) for s in sub) for sub in args[1::2])
        if len(args) % 2 == 1:
            equation += '->' + ''.join(parse_subscript(s) for s in args[-1])
            operands = args[:-1:2]
        else:
            operands = args[::2]
    else:
        equation = args[0]
        operands = args[1:]
    if has_torch_function(operands):
        return handle_torch_function(einsum, operands, equation, *operands)
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        # the old interface: the operands as one list
        return einsum(equation, *operands[0])
    return _VF.einsum(equation, operands)


def norm(input, p="fro", dim=None, keepdim=False, out=None, dtype=None):
    """PyTorch 1.13: torch/functional.py norm (its path for strided tensors of 1.13's Debian build)"""
    if has_torch_function_unary(input):
        return handle_torch_function(norm, (input,), input, p=p, dim=dim, keepdim=keepdim, out=out, dtype=dtype)
    ndim = input.dim()
    # the default case
    if dim is None and out is None and dtype is None and p is not None:
        if isinstance(p, str):
            if p == "fro":
                return _VF.frobenius_norm(input, dim=(), keepdim=keepdim)
        if not isinstance(p, str):
            return _VF.norm(input, p, dim=list(range(ndim)), keepdim=keepdim)
    if dim is not None:
        _dim = [dim] if isinstance(dim, int) else dim
    else:
        _dim = None
    if isinstance(p, str):
        if p == "fro":
            if dtype is not None:
                raise ValueError("dtype argument is not supported in frobenius norm")
            if _dim is None:
                _dim = list(range(ndim))
            if out is None:
                return _VF.frobenius_norm(input, _dim, keepdim=keepdim)
            return _VF.frobenius_norm(input, _dim, keepdim=keepdim, out=out)
        elif p == "nuc":
            if dtype is not None:
                raise ValueError("dtype argument is not supported in nuclear norm")
            # NB(minaten): 1.13 calls _VF.nuclear_norm here, an operator minaten does not have
            raise NotImplementedError("minaten has no operator aten::nuclear_norm")
        raise RuntimeError(f"only valid string values are 'fro' and 'nuc', found {p}")
    if _dim is None:
        _dim = list(range(ndim))
    if out is None:
        if dtype is None:
            return _VF.norm(input, p, _dim, keepdim=keepdim)
        return _VF.norm(input, p, _dim, keepdim=keepdim, dtype=dtype)
    if dtype is None:
        return _VF.norm(input, p, _dim, keepdim=keepdim, out=out)
    return _VF.norm(input, p, _dim, keepdim=keepdim, dtype=dtype, out=out)


# 1.13's are torch.functional's (__torch_function__'s errors name them so)
for __f in (split, einsum, norm):
    __f.__module__ = "torch.functional"
del __f


def _unique_impl(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """PyTorch 1.13: torch/functional.py _unique_impl"""
    if has_torch_function_unary(input):
        return handle_torch_function(unique, (input,), input, sorted=sorted, return_inverse=return_inverse,
                                     return_counts=return_counts, dim=dim)
    if dim is not None:
        output, inverse_indices, counts = _VF.unique_dim(input, dim, sorted=sorted, return_inverse=return_inverse,
                                                         return_counts=return_counts)
    else:
        output, inverse_indices, counts = torch._unique2(input, sorted=sorted, return_inverse=return_inverse,
                                                         return_counts=return_counts)
    return output, inverse_indices, counts


def _unique_consecutive_impl(input, return_inverse=False, return_counts=False, dim=None):
    """PyTorch 1.13: torch/functional.py _unique_consecutive_impl"""
    if has_torch_function_unary(input):
        return handle_torch_function(unique_consecutive, (input,), input, return_inverse=return_inverse,
                                     return_counts=return_counts, dim=dim)
    output, inverse_indices, counts = _VF.unique_consecutive(input, return_inverse=return_inverse,
                                                             return_counts=return_counts, dim=dim)
    return output, inverse_indices, counts


def _return_counts(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """PyTorch 1.13: torch/functional.py _return_counts"""
    if has_torch_function_unary(input):
        return _unique_impl(input, sorted, return_inverse, return_counts, dim)
    output, _, counts = _unique_impl(input, sorted, return_inverse, return_counts, dim)
    return output, counts


def _return_output(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """PyTorch 1.13: torch/functional.py _return_output"""
    if has_torch_function_unary(input):
        return _unique_impl(input, sorted, return_inverse, return_counts, dim)
    output, _, _ = _unique_impl(input, sorted, return_inverse, return_counts, dim)
    return output


def _return_inverse(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """PyTorch 1.13: torch/functional.py _return_inverse"""
    if has_torch_function_unary(input):
        return _unique_impl(input, sorted, return_inverse, return_counts, dim)
    output, inverse_indices, _ = _unique_impl(input, sorted, return_inverse, return_counts, dim)
    return output, inverse_indices


_return_inverse_false = boolean_dispatch("return_counts", 3, False, _return_counts, _return_output, __name__,
                                         "unique")
_return_inverse_true = boolean_dispatch("return_counts", 3, False, _unique_impl, _return_inverse, __name__, "unique")
unique = boolean_dispatch("return_inverse", 2, False, _return_inverse_true, _return_inverse_false, __name__, "unique")
unique.__doc__ = _unique_impl.__doc__


def _consecutive_return_counts(input, return_inverse=False, return_counts=False, dim=None):
    """PyTorch 1.13: torch/functional.py _consecutive_return_counts"""
    if has_torch_function_unary(input):
        return _unique_consecutive_impl(input, return_inverse, return_counts, dim)
    output, _, counts = _unique_consecutive_impl(input, return_inverse, return_counts, dim)
    return output, counts


def _consecutive_return_output(input, return_inverse=False, return_counts=False, dim=None):
    """PyTorch 1.13: torch/functional.py _consecutive_return_output"""
    if has_torch_function_unary(input):
        return _unique_consecutive_impl(input, return_inverse, return_counts, dim)
    output, _, _ = _unique_consecutive_impl(input, return_inverse, return_counts, dim)
    return output


def _consecutive_return_inverse(input, return_inverse=False, return_counts=False, dim=None):
    """PyTorch 1.13: torch/functional.py _consecutive_return_inverse"""
    if has_torch_function_unary(input):
        return _unique_consecutive_impl(input, return_inverse, return_counts, dim)
    output, inverse_indices, _ = _unique_consecutive_impl(input, return_inverse, return_counts, dim)
    return output, inverse_indices


# 1.13 looks for unique_consecutive's return_counts at position 1 (where
# return_inverse is), and so does minaten
_consecutive_return_inverse_false = boolean_dispatch("return_counts", 1, False, _consecutive_return_counts,
                                                     _consecutive_return_output, __name__, "unique_consecutive")
_consecutive_return_inverse_true = boolean_dispatch("return_counts", 1, False, _unique_consecutive_impl,
                                                    _consecutive_return_inverse, __name__, "unique_consecutive")
unique_consecutive = boolean_dispatch("return_inverse", 2, False, _consecutive_return_inverse_true,
                                      _consecutive_return_inverse_false, __name__, "unique_consecutive")
unique_consecutive.__doc__ = _unique_consecutive_impl.__doc__
