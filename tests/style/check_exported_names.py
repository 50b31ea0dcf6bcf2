#!/usr/bin/env python3
"""minaten's binaries export prefixed names only (issue 31, cmake/exports.cmake).

    tests/style/check_exported_names.py BINARY...

Lists the names each BINARY (libminaten.so, minaten._C's _C*.so, the
`minaten` executable) defines in its dynamic symbol table (`nm -D
--defined-only`) and fails on any without one of the allowed prefixes:

    at_        ATen's entry points, kernels and operator handles
    minaten_   the embedding API of include/minaten/minaten.h
    THP        torch/csrc's own prefix (THPVariableClass, THPUtils_unpackLong)
    <Type>_    a capital letter, letters and digits, then `_`: a function or
               global of a type or module (Tensor_retain, Dispatcher_callBoxed,
               AddBackward0_apply, PyInit__C)

and, in the ASan build, __asan_default_options (AddressSanitizer's hook,
runtime/Allocator.c, looked up by name).

A lower-case name without at_ or minaten_ (sum_to, unary_op, subscript) is
an internal helper: it must be static, or hidden by the version script.
Not minaten's and so not checked: in an executable, the data of the
libraries it links that the linker copies into it (copy relocations:
glibc's `stdout@GLIBC_2.2.5`, CPython's `_Py_NoneStruct`, and in the ASan
build the sanitizer runtime's `__asan_option_detect_stack_use_after_return`).

Exit status 0 when every binary exports only such names (and at least 100
of them: an empty list means the check read nothing), 1 with each other
name on stderr.
"""
import re
import subprocess
import sys

PREFIXED = re.compile(r"^(at_|minaten_|THP|[A-Z][A-Za-z0-9]*_|__asan_default_options$)")
COPY_RELOCATED = re.compile(r"(@|^_Py|^__(asan|lsan|ubsan|sanitizer)_)")


def exported(binary):
    out = subprocess.run(["nm", "-D", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    return [line.split()[-1] for line in out.splitlines() if line.strip()]


def main(binaries):
    bad = 0
    for binary in binaries:
        names = exported(binary)
        if len(names) < 100:
            print(f"{binary}: only {len(names)} exported names: is it minaten?", file=sys.stderr)
            bad += 1
            continue
        for name in names:
            if not PREFIXED.match(name) and not COPY_RELOCATED.search(name):
                print(f"{binary}: exports {name}, which has none of the prefixes at_, minaten_, THP, <Type>_",
                      file=sys.stderr)
                bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1:]))
