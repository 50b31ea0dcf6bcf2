#!/bin/sh
# The `minaten` executable embeds CPython (tools/minaten/python_embed.c):
#   - minaten._C is built in: the process never maps build/python/minaten/_C*.so
#     (one dispatcher per process);
#   - `import torch` and `import torch.X` give minaten's modules, the same
#     objects; `import torch.nosuchmodule` fails as a missing module does;
#   - the package is minaten's own even when PYTHONPATH names another
#     `minaten` or `torch` package, while the user's own modules still import
#     (the script's folder, PYTHONPATH);
#   - sys.argv is python3's for run FILE, -c and stdin;
#   - in a plain python3 nothing is aliased (`import torch` is not minaten).
# Usage: embedded.sh path/to/minaten scratch-dir path/to/python3 build/python
set -u
minaten=$1 scratch=$2 python3=$3 pythonpath=$4
mkdir -p "$scratch" && cd "$scratch" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

mkdir -p decoy/minaten decoy/torch mine
echo 'raise ImportError("the decoy minaten was imported")' >decoy/minaten/__init__.py
echo 'raise ImportError("the decoy torch was imported")' >decoy/torch/__init__.py
echo 'VALUE = 42' >mine/mymodule.py
echo 'SIBLING = 7' >sibling.py
cat >script.py <<'PY'
import sys
import minaten
import torch
import torch as t
print(torch is minaten, t is minaten, torch.__name__)
print(minaten._C.__spec__.origin)
maps = open("/proc/self/maps").read()
print("_C.cpython" in maps)
import torch._C
print(torch._C is minaten._C)
from torch import _tensor
print(_tensor is sys.modules["minaten._tensor"], _tensor.__name__)
try:
    import torch.nosuchmodule
except ModuleNotFoundError as e:
    print(e)
import mymodule, sibling
print(mymodule.VALUE, sibling.SIBLING)
print(sys.argv)
print(torch.float32, torch.Size([2, 3]))
PY
expected="True True minaten
built-in
False
True
True minaten._tensor
No module named 'torch.nosuchmodule'
42 7"
out=$(PYTHONPATH="$PWD/decoy:$PWD/mine" "$minaten" run script.py 2>err.txt) || fail "run script.py: exit status $?: $(cat err.txt)"
[ -s err.txt ] && fail "stderr: $(cat err.txt)"
[ "$(echo "$out" | head -7)" = "$expected" ] || fail "run script.py printed: $out"
[ "$(echo "$out" | sed -n 8p)" = "['script.py']" ] || fail "sys.argv for run: $(echo "$out" | sed -n 8p)"
[ "$(echo "$out" | sed -n 9p)" = "torch.float32 torch.Size([2, 3])" ] || fail "dtype and Size: $(echo "$out" | sed -n 9p)"
out=$("$minaten" -c 'import sys; print(sys.argv)') || fail "-c: exit status $?"
[ "$out" = "['-c']" ] || fail "sys.argv for -c: $out"
out=$(echo 'import sys; print(sys.argv)' | "$minaten") || fail "stdin: exit status $?"
[ "$out" = "['-']" ] || fail "sys.argv for stdin: $out"
# a plain python3 with minaten on its path: no alias
out=$(PYTHONPATH="$pythonpath:$PWD/decoy" "$python3" -c '
import minaten, sys
try:
    import torch
except ImportError as e:
    print(e)
print(any(type(f).__name__ == "TorchAliasFinder" for f in sys.meta_path))') || fail "python3: exit status $?"
[ "$out" = "the decoy torch was imported
False" ] || fail "plain python3: $out"
echo ok
