"""References of torch.nn.functional's operators (see torch._refs).

PyTorch 1.13: torch/_refs/nn/functional/__init__.py
"""
import minaten as torch
from minaten._decomp import register_decomposition
from minaten._prims_common import ELEMENTWISE_TYPE_PROMOTION_KIND
from minaten._prims_common.wrappers import elementwise_type_promotion_wrapper


@register_decomposition(torch.ops.aten.relu)
@elementwise_type_promotion_wrapper(type_promoting_args=("a",), type_promotion_kind=ELEMENTWISE_TYPE_PROMOTION_KIND.DEFAULT)
def relu(a, inplace=False):
    if inplace:
        raise NotImplementedError
    return torch.where(torch.le(a, 0), 0, a)
