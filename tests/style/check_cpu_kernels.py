#!/usr/bin/env python3
"""The CPU kernels' one capability mechanism (issue 31; Note [CPU capability
dispatch] in ops/DispatchStub.h):

  1. every `*Kernel.c` or `*Kernels.c` under ops/ (the kernel files, as 1.13's
     native/cpu/*Kernel.cpp) is listed in CMakeLists.txt's
     MINATEN_CPU_KERNELS, so that it is compiled once per CPU capability;
  2. no `__attribute__((target` anywhere in the C sources: a capability's
     instructions come from its copy's compile flags, never from a
     function attribute;
  3. every kernel file says which 1.13 file it mirrors: a
     `PyTorch 1.13: ...native/...cpu/...` line;
  4. every kernel file registers into a stub (REGISTER_DISPATCH) and defines
     nothing else with external linkage.

    tests/style/check_cpu_kernels.py SOURCE_DIR

Exit status 0 when all hold, 1 (with file:line of each problem) when not.
"""
import os
import re
import sys

COUNTERPART = re.compile(r"PyTorch 1\.13: .*native/(\S*/)?cpu/")
# a definition at column 0 that is not static: a type, a name, then "("
EXTERNAL = re.compile(r"^(?!static\b|typedef\b|#|REGISTER_DISPATCH|extern\b|enum\b|struct\b|union\b)"
                      r"[A-Za-z_][\w \*]*\b[A-Za-z_]\w*\s*\(")


def kernel_list(source_dir):
    text = open(os.path.join(source_dir, "CMakeLists.txt"), encoding="utf-8").read()
    m = re.search(r"set\(MINATEN_CPU_KERNELS\s+([^)]*)\)", text)
    return set(m.group(1).split()) if m else set()


def main(source_dir):
    problems = []
    listed = kernel_list(source_dir)
    kernels = []
    for top in ("runtime", "dispatch", "ops", "autograd", "csrc", "tools"):
        for root, _, files in os.walk(os.path.join(source_dir, top)):
            for name in sorted(files):
                if not name.endswith((".c", ".h")):
                    continue
                path = os.path.join(root, name)
                rel = os.path.relpath(path, source_dir)
                with open(path, encoding="utf-8") as f:
                    lines = f.read().split("\n")
                for i, line in enumerate(lines, 1):
                    if "__attribute__((target" in line:
                        problems.append(f"{rel}:{i}: __attribute__((target: use the per-capability copies")
                if top == "ops" and re.search(r"Kernels?\.c$", name):
                    kernels.append((rel, lines))
    for rel, lines in kernels:
        if rel not in listed:
            problems.append(f"{rel}:1: not in MINATEN_CPU_KERNELS (CMakeLists.txt): not compiled per capability")
        if not any(COUNTERPART.search(line) for line in lines):
            problems.append(f"{rel}:1: no 'PyTorch 1.13: ...native/cpu/...' line naming its counterpart")
        if not any(line.startswith("REGISTER_DISPATCH(") for line in lines):
            problems.append(f"{rel}:1: registers into no stub (REGISTER_DISPATCH)")
        for i, line in enumerate(lines, 1):
            if EXTERNAL.match(line) and not line.rstrip().endswith(";"):
                problems.append(f"{rel}:{i}: a function with external linkage in a kernel file (make it static)")
    for rel in sorted(listed):
        if not os.path.exists(os.path.join(source_dir, rel)):
            problems.append(f"CMakeLists.txt: MINATEN_CPU_KERNELS lists {rel}, which does not exist")
    for p in problems:
        print(p)
    print(f"check_cpu_kernels: {len(kernels)} kernel files, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
