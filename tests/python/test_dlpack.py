"""DLPack (csrc/DLConvertor.c, torch.utils.dlpack, Tensor.__dlpack__):
capsules made and consumed, memory shared with NumPy, 1.13's errors and
trace, under minaten and PyTorch 1.13 (harness.py); and, when PyTorch
imports, a minaten tensor and a PyTorch tensor sharing memory in this
process, both ways (together())."""
import gc
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

HAS_DUNDER = 'NEEDS(hasattr(torch.Tensor, "requires_grad")) '

CASES = [
    "ptr = lambda x: (x if isinstance(x, np.ndarray) else x.numpy()).__array_interface__['data'][0]",
    "t = torch.tensor([[1., 2., 3.], [4., 5., 6.]])",
    "TRACE c = torch.utils.dlpack.to_dlpack(t)\ntype(c).__name__",
    "torch.to_dlpack is torch.utils.dlpack.to_dlpack, torch.from_dlpack is torch.utils.dlpack.from_dlpack",
    "TRACE u = torch.from_dlpack(c)\nu",
    "ptr(u) == ptr(t)",
    "u[0, 0] = 100\nt[0, 0].tolist()",
    "torch.from_dlpack(c)",
    "torch.utils.dlpack._from_dlpack(c)",
    "torch.from_dlpack(3)",
    "torch.from_dlpack(None)",
    "torch.to_dlpack(3)",
    "torch.to_dlpack(torch.tensor([True]))",
    "TRACE torch.to_dlpack(torch.tensor([True]))",
    "del c, u\ngc.collect()\nt",
    "torch.from_dlpack(torch.to_dlpack(t[:, 1:]))",
    "torch.from_dlpack(torch.to_dlpack(t[:, 1:])).numpy().strides",
    "ptr(torch.from_dlpack(torch.to_dlpack(t[1:]))) - ptr(t)",
    "torch.from_dlpack(torch.to_dlpack(torch.tensor([[1.], [2.]])[:, :1])).numpy().strides",
    "torch.from_dlpack(torch.to_dlpack(torch.tensor(5)))",
    "torch.from_dlpack(torch.to_dlpack(torch.tensor([[]] * 2)))",
    "[torch.from_dlpack(torch.to_dlpack(torch.tensor([1, 2], dtype=d))).dtype for d in "
    "(torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float32, torch.float64)]",
    "torch.utils.dlpack.DLDeviceType.kDLCPU, int(torch.utils.dlpack.DLDeviceType.kDLROCM)",
    "t.__dlpack_device__()",
    HAS_DUNDER + "TRACE type(t.__dlpack__()).__name__",
    HAS_DUNDER + "t.__dlpack__(stream=1.5)",
    HAS_DUNDER + "torch.tensor([1.], requires_grad=True).__dlpack__()",
    HAS_DUNDER + "torch.from_dlpack(torch.tensor([1.], requires_grad=True))",
    HAS_DUNDER + "torch.from_dlpack(t)",
    # 1.13's trace of it starts with op aten::is_pinned (__dlpack_device__ asks
    # it), an operator minaten does not have yet
    'NEEDS(hasattr(torch.Tensor, "is_pinned")) TRACE torch.from_dlpack(t)',
    # NumPy's arrays, both ways
    "a = np.arange(6.).reshape(2, 3)",
    "TRACE f = torch.from_dlpack(a)\nf",
    "ptr(f) == ptr(a)",
    "a[0, 0] = -7\nf[0, 0].tolist()",
    "torch.from_dlpack(a.T)",
    "torch.from_dlpack(a.T).numpy().strides",
    "torch.from_dlpack(np.arange(3, dtype=np.int16))",
    "torch.from_dlpack(np.arange(3, dtype=np.uint8))",
    "torch.from_dlpack(np.array([True]))",
    "torch.from_dlpack(np.arange(3, dtype=np.uint16))",
    "del a\ngc.collect()\nf",
    HAS_DUNDER + "n = np.from_dlpack(t)\nn",
    HAS_DUNDER + "ptr(n) == ptr(t)",
]


def together(minaten, torch):
    """A minaten tensor and a PyTorch tensor over the same memory: each sees
    the other's writes, and each outlives the other's name."""
    failures = []

    def check(what, got, want):
        if got != want:
            failures.append("%s: %r, expected %r" % (what, got, want))

    # minaten lends, PyTorch borrows: through the capsule, and through
    # __dlpack__ when minaten's tensors have what it needs (requires_grad)
    borrowers = [("capsule", lambda m: torch.from_dlpack(minaten.to_dlpack(m)))]
    if hasattr(minaten.Tensor, "requires_grad"):
        borrowers.append(("__dlpack__", torch.from_dlpack))
    for how, borrow in borrowers:
        m = minaten.tensor([[1., 2., 3.], [4., 5., 6.]])
        p = borrow(m)
        check(how + ": dtype", p.dtype, torch.float32)
        check(how + ": values", p.tolist(), m.tolist())
        check(how + ": same memory", p.data_ptr(), m.numpy().__array_interface__["data"][0])
        p[0, 0] = 100.
        check(how + ": PyTorch's write seen by minaten", m.tolist()[0][0], 100.)
        m[1, 2] = -5.
        check(how + ": minaten's write seen by PyTorch", p[1, 2].item(), -5.)
        del m
        gc.collect()
        check(how + ": PyTorch's tensor after minaten's name went", p.tolist(), [[100., 2., 3.], [4., 5., -5.]])
        del p
        gc.collect()

    # PyTorch lends (its __dlpack__), minaten borrows
    p = torch.arange(6).reshape(2, 3)[:, 1:]
    m = minaten.from_dlpack(p)
    check("borrowed: dtype", m.dtype, minaten.int64)
    check("borrowed: values", m.tolist(), [[1, 2], [4, 5]])
    check("borrowed: strides", m.numpy().strides, (24, 8))
    check("borrowed: same memory", m.numpy().__array_interface__["data"][0], p.data_ptr())
    p[0, 0] = -1
    check("borrowed: PyTorch's write seen by minaten", m.tolist()[0][0], -1)
    m[1, 1] = 50
    check("borrowed: minaten's write seen by PyTorch", p[1, 1].item(), 50)
    del p
    gc.collect()
    check("borrowed: minaten's tensor after PyTorch's name went", m.tolist(), [[-1, 2], [4, 50]])
    del m
    gc.collect()

    # every dtype both share, both ways
    for name in ("uint8", "int8", "int16", "int32", "int64", "float32", "float64"):
        m = minaten.tensor([1, 2, 3], dtype=getattr(minaten, name))
        p = torch.from_dlpack(minaten.to_dlpack(m))
        check("lent %s" % name, (str(p.dtype), p.tolist()), ("torch." + name, [1, 2, 3]))
        q = minaten.from_dlpack(torch.tensor([4, 5], dtype=getattr(torch, name)))
        check("borrowed %s" % name, (str(q.dtype), q.tolist()), ("torch." + name, [4, 5]))

    # what DLPack cannot carry
    try:
        minaten.from_dlpack(torch.tensor([True]))
        failures.append("a PyTorch bool tensor was lent")
    except RuntimeError as e:
        check("bool from PyTorch", str(e), "Bool type is not supported by dlpack")
    try:
        torch.from_dlpack(minaten.to_dlpack(minaten.tensor([True])))
        failures.append("a minaten bool tensor was lent")
    except RuntimeError as e:
        check("bool from minaten", str(e), "Bool type is not supported by dlpack")
    # a capsule is consumed once, whoever consumed it
    c = minaten.to_dlpack(minaten.tensor([1.]))
    torch.from_dlpack(c)
    try:
        minaten.from_dlpack(c)
        failures.append("a capsule was consumed twice")
    except RuntimeError as e:
        check("used capsule", str(e).split(".")[0], "from_dlpack received an invalid capsule")
    # a capsule nobody consumes gives its tensor back (no leak, no crash)
    for _ in range(3):
        minaten.to_dlpack(minaten.tensor([1., 2.]))
        torch.utils.dlpack.to_dlpack(torch.tensor([1., 2.]))
    gc.collect()
    return failures


def alone(minaten):
    """Where 1.13 aborts (a C++ exception escapes its noexcept from_blob on a
    negative stride: "Storage size calculation overflowed with sizes=[2, 3]
    and strides=[3, -1]" on stderr), minaten raises that message as a
    RuntimeError and leaves NumPy's reversed view alone."""
    import numpy as np
    failures = []
    a = np.arange(6.).reshape(2, 3)
    for view, strides in ((a[:, ::-1], "[3, -1]"), (a[::-1], "[-3, 1]"), (a[::-1, ::-2], "[-3, -2]")):
        try:
            m = minaten.from_dlpack(view)
            failures.append("from_dlpack of strides %s made %r" % (view.strides, m.tolist()))
        except RuntimeError as e:
            want = "Storage size calculation overflowed with sizes=%s and strides=%s" % (list(view.shape), strides)
            if str(e) != want:
                failures.append("from_dlpack of strides %s: %r, not %r" % (view.strides, str(e), want))
    if a.tolist() != [[0., 1., 2.], [3., 4., 5.]]:
        failures.append("the array changed")
    return failures


if __name__ == "__main__":
    harness.main(__file__, CASES, extra={"gc": gc}, together=together, alone=alone)
