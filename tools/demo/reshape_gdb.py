# reshape walked in gdb (docs/debugging.md, "From a Python call to the
# kernel"), in a plain python3 and in the minaten program, from the
# repository root after the Debug build:
#   PYTHONPATH=build/python gdb --args /usr/bin/python3 tools/demo/reshape_gdb.py
#   gdb --args build/minaten run tools/demo/reshape_gdb.py
# then `break at_native_reshape` (pending in a python3: answer y), `run`,
# `bt`, `py-bt`.
import minaten as torch
a = torch.ones(2, 3, 4)
b = a.reshape(2, 12)
print(b.shape, b.stride())
