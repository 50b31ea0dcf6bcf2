"""Stand-in for torch.testing._internal.common_dtype: the dtype lists the
test files parametrize over, in 1.13's order.

A dtype the backend does not have (no attribute of that name on `torch`)
is left out of every list.  run.py may give a backend placeholders for
1.13's dtypes it lacks (see run.py --help), in which case they are listed
like any other dtype and the tests that use them fail.
"""
import torch


def _present(*names):
    return tuple(getattr(torch, n) for n in names if getattr(torch, n, None) is not None)


def _with(base, extra):
    return tuple(base) + tuple(d for d in extra if d is not None)


def floating_types():
    return _present("float32", "float64")


def integral_types():
    return _present("uint8", "int8", "int16", "int32", "int64")


def complex_types():
    return _present("complex64", "complex128")


def all_types():
    return floating_types() + integral_types()


def all_types_and(*dtypes):
    return _with(all_types(), dtypes)


def all_types_and_complex():
    return all_types() + complex_types()


def all_types_and_complex_and(*dtypes):
    return _with(all_types_and_complex(), dtypes)


def floating_types_and(*dtypes):
    return _with(floating_types(), dtypes)


def floating_and_complex_types():
    return floating_types() + complex_types()


def floating_and_complex_types_and(*dtypes):
    return _with(floating_and_complex_types(), dtypes)


def integral_types_and(*dtypes):
    return _with(integral_types(), dtypes)


def complex_types_and(*dtypes):
    return _with(complex_types(), dtypes)


def get_all_int_dtypes():
    return list(integral_types())


def get_all_fp_dtypes(include_half=True, include_bfloat16=True):
    names = ["float32", "float64"]
    if include_half:
        names.append("float16")
    if include_bfloat16:
        names.append("bfloat16")
    return list(_present(*names))


def get_all_complex_dtypes(include_complex32=False):
    names = (["complex32"] if include_complex32 else []) + ["complex64", "complex128"]
    return list(_present(*names))


def get_all_dtypes(include_half=True, include_bfloat16=True, include_bool=True,
                   include_complex=True, include_complex32=False, include_qint=False):
    result = get_all_int_dtypes() + get_all_fp_dtypes(include_half, include_bfloat16)
    if include_bool:
        result += list(_present("bool"))
    if include_complex:
        result += get_all_complex_dtypes(include_complex32)
    if include_qint:
        result += list(_present("qint8", "quint8", "qint32", "quint4x2", "quint2x4"))
    return result


def get_all_math_dtypes(device):
    return (get_all_int_dtypes()
            + get_all_fp_dtypes(include_half=device.startswith("cuda"), include_bfloat16=False)
            + get_all_complex_dtypes())
