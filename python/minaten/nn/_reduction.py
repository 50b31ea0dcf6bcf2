"""torch.nn._reduction: a loss's reduction string to at::Reduction's int
(0 none, 1 mean, 2 sum), and the deprecated size_average/reduce flags to a
reduction string.  PyTorch 1.13: torch/nn/_reduction.py
"""
import warnings


def get_enum(reduction):
    """PyTorch 1.13: torch/nn/_reduction.py get_enum"""
    if reduction == 'none':
        ret = 0
    elif reduction == 'mean':
        ret = 1
    elif reduction == 'elementwise_mean':
        warnings.warn("reduction='elementwise_mean' is deprecated, please use reduction='mean' instead.")
        ret = 1
    elif reduction == 'sum':
        ret = 2
    else:
        raise ValueError("{} is not a valid value for reduction".format(reduction))
    return ret


def legacy_get_string(size_average, reduce, emit_warning=True):
    """PyTorch 1.13: torch/nn/_reduction.py legacy_get_string"""
    warning = "size_average and reduce args will be deprecated, please use reduction='{}' instead."
    if size_average is None:
        size_average = True
    if reduce is None:
        reduce = True
    if size_average and reduce:
        ret = 'mean'
    elif reduce:
        ret = 'sum'
    else:
        ret = 'none'
    if emit_warning:
        warnings.warn(warning.format(ret))
    return ret


def legacy_get_enum(size_average, reduce, emit_warning=True):
    """PyTorch 1.13: torch/nn/_reduction.py legacy_get_enum"""
    return get_enum(legacy_get_string(size_average, reduce, emit_warning))
