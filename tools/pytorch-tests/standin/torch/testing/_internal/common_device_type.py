"""Stand-in for torch.testing._internal.common_device_type: device-generic
test classes and the decorators that parametrize them.

instantiate_device_type_tests(TestFoo, globals()) replaces the generic
class TestFoo, whose tests take a `device` (and maybe a `dtype`/`dtypes`)
argument, by TestFooCPU, whose tests take none: test_bar becomes
test_bar_cpu, or test_bar_cpu_float32, test_bar_cpu_int64, ... for each
dtype given with @dtypes (a tuple of dtypes gives test_bar_cpu_float32_int64
and the argument `dtypes`).  These are 1.13's test names, so the instances
of a run under PyTorch 1.13 and under minaten can be matched one to one.

Only the CPU is instantiated: neither run here has CUDA, and minaten's lazy
device is not PyTorch's, so include_lazy= is accepted and ignored.
"""
import functools
import inspect
import os
import re
import unittest

from torch.testing._internal.common_utils import TestCase, dtype_name

DEVICE_TYPES = ("cpu",)


def _wants(fn, name):
    try:
        return name in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False


def _suffix(dtype_arg):
    if dtype_arg is None:
        return ""
    if isinstance(dtype_arg, (tuple, list)):
        return "".join("_" + dtype_name(d) for d in dtype_arg)
    return "_" + dtype_name(dtype_arg)


def _instantiate(device_type, name, fn):
    """The (name, method) pairs that test `name` becomes on `device_type`."""
    table = getattr(fn, "dtypes", None)
    if table is None:
        variants = [None]
    else:
        variants = list(table.get(device_type, table["all"]))
    for dtype_arg in variants:
        kwargs = {}
        if _wants(fn, "device"):
            kwargs["device"] = device_type
        if dtype_arg is not None:
            kwargs["dtypes" if isinstance(dtype_arg, (tuple, list)) else "dtype"] = dtype_arg

        @functools.wraps(fn)
        def instance(self, _fn=fn, _kwargs=kwargs):
            return _fn(self, **_kwargs)

        yield "{}_{}{}".format(name, device_type, _suffix(dtype_arg)), instance


def instantiate_device_type_tests(generic_cls, scope, except_for=None, only_for=None,
                                  include_lazy=False):
    scope.pop(generic_cls.__name__, None)
    except_for = [except_for] if isinstance(except_for, str) else (except_for or [])
    only_for = [only_for] if isinstance(only_for, str) else (only_for or [])
    for device_type in DEVICE_TYPES:
        if device_type in except_for or (only_for and device_type not in only_for):
            continue
        generic_tests = [n for n in dir(generic_cls)
                         if n.startswith("test") and callable(getattr(generic_cls, n))]
        attrs = {"device_type": device_type}
        for name in generic_tests:
            attrs[name] = None  # the generic test itself is not run
            for instance_name, method in _instantiate(device_type, name, getattr(generic_cls, name)):
                attrs[instance_name] = method
        cls_name = generic_cls.__name__ + device_type.upper()
        cls = type(cls_name, (generic_cls,), attrs)
        cls.__module__ = generic_cls.__module__
        cls.__qualname__ = cls_name
        scope[cls_name] = cls


class dtypes:
    """@dtypes(torch.float32, torch.int64) or @dtypes((a, b), (c, d))."""
    device_type = "all"

    def __init__(self, *args):
        self.args = list(args)

    def __call__(self, fn):
        table = dict(getattr(fn, "dtypes", {}))
        table[self.device_type] = self.args
        fn.dtypes = table
        return fn


class dtypesIfCPU(dtypes):
    device_type = "cpu"


class dtypesIfCUDA(dtypes):
    device_type = "cuda"


def _skip_unless(predicate, reason):
    def decorator(fn):
        @functools.wraps(fn)
        def wrapper(self, *args, **kwargs):
            if not predicate(self.device_type):
                raise unittest.SkipTest(reason.format(self.device_type))
            return fn(self, *args, **kwargs)
        return wrapper
    return decorator


onlyCPU = _skip_unless(lambda d: d == "cpu", "Only runs on cpu")
onlyCUDA = _skip_unless(lambda d: d == "cuda", "Only runs on cuda")
onlyNativeDeviceTypes = _skip_unless(lambda d: d in ("cpu", "cuda", "meta"),
                                     "onlyNativeDeviceTypes: doesn't run on {}")
skipMeta = _skip_unless(lambda d: d != "meta", "test is skipped on meta")


def expectedFailureMeta(fn):
    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        if self.device_type != "meta":
            return fn(self, *args, **kwargs)
        try:
            fn(self, *args, **kwargs)
        except Exception:
            raise unittest.SkipTest("expected failure on meta")
        self.fail("expected failure on meta, but the test passed")
    return wrapper


_UNITS = {"": 1, "KB": 1 << 10, "MB": 1 << 20, "GB": 1 << 30, "TB": 1 << 40}


def _bytes(size):
    if isinstance(size, (int, float)):
        return int(size)
    m = re.fullmatch(r"\s*([0-9.]+)\s*([KMGT]?B?)\s*", size.upper())
    return int(float(m.group(1)) * _UNITS[m.group(2) if m.group(2) != "B" else ""])


def _free_memory():
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_AVPHYS_PAGES")
    except (ValueError, OSError):
        return 0


def largeTensorTest(size, device=None):
    """Skips the test when the device it checks (its own by default) lacks
    `size` bytes of free memory; only the CPU's is known here."""
    needed = _bytes(size)

    def decorator(fn):
        @functools.wraps(fn)
        def wrapper(self, *args, **kwargs):
            checked = device if device is not None else self.device_type
            if checked == "cpu" and _free_memory() < needed:
                raise unittest.SkipTest("Insufficient cpu memory")
            return fn(self, *args, **kwargs)
        return wrapper
    return decorator
