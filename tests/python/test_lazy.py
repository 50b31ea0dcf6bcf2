"""Tensors made on, read from and indexed on the Lazy device
(csrc/utils/tensor_new.c, tensor_list.c, tensor_numpy.c,
python_variable_indexing.c, DLConvertor.c): what the trace shows (the
functionalization layer's _copy variants), the refusals of numpy() and
DLPack, under minaten and PyTorch 1.13 with its TorchScript Lazy backend
(harness.py)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

CASES = [
    "TRACE lz = torch.tensor([[1., 2.], [3., 4.]], device='lazy')\nlz.device",
    "lz.dtype, lz.shape",
    "TRACE lz.tolist()",
    "lz.numpy()",
    "TRACE lz.numpy(force=True)",
    "TRACE lz[0]",
    "TRACE lz[0, 1]",
    "TRACE lz[:, 1]",
    "TRACE lz[None]",
    "TRACE lz[...]",
    "lz[True]",
    "TRACE lz[[0, 1]]",
    "lz[0] = 5\nlz",
    "lz[0] = 'a'",
    "torch.to_dlpack(lz)",
    "lz.__dlpack_device__()",
    "TRACE torch.tensor([1, 2], device='lazy')",
    "TRACE torch.as_tensor([1, 2], device='lazy')",
    "TRACE torch.tensor(lz)",
    "TRACE torch.tensor(lz, device='cpu')",
    "TRACE torch.as_tensor(lz)",
    "lz.new_tensor([1, 2])",
    "lz.new_tensor([1, 2], device='cpu')",
    "TRACE torch.tensor([1, 2]).new_tensor([1, 2], device='lazy')",
    "TRACE torch.tensor(np.arange(3.), device='lazy')",
    "torch.tensor([[1, 2], [3]], device='lazy')",
    "torch.tensor([300], dtype=torch.uint8, device='lazy')",
    "torch.Tensor([1, 2], device='lazy')",
    "torch.Tensor(2, device='lazy')",
]

if __name__ == "__main__":
    harness.main(__file__, CASES)
