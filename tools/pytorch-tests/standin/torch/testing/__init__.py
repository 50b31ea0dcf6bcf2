"""Stand-in for `torch.testing`, as far as PyTorch's test files import it.

Not PyTorch's code: written for tools/pytorch-tests/run.py from the way
test_view_ops.py, test_indexing.py, test_shape_ops.py and
test_type_promotion.py use it.  run.py mounts this folder as the module
`torch.testing` under real PyTorch 1.13 and under minaten alike, so that
both are measured with the same helpers.
"""
from torch.testing._creation import make_tensor  # noqa: F401
from torch.testing._internal.common_utils import assert_close  # noqa: F401,E402
