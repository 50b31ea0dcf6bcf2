# Errors inside blocks: a statement failing in the middle of a
# `with torch.no_grad():` block (the statements before it ran, those after it
# in the block did not, grad mode is restored, the next statements run),
# exceptions raised inside functions and caught around them, try / except /
# else / finally around torch's errors with 1.13's exception types and
# messages, and the line numbers a traceback names.
import os
import sys
import traceback
import torch

x = torch.ones(2, 3, requires_grad=True)
done = []
with torch.no_grad():
    a = x * 2
    done.append(("a", a.requires_grad, torch.is_grad_enabled()))
    b = a.view(4, 5)
    done.append("never")
print(done, torch.is_grad_enabled())
print(a.requires_grad, "b" in dir())
c = x * 2
print(c.requires_grad, c.grad_fn.name())
with torch.enable_grad():
    with torch.no_grad():
        inner = torch.is_grad_enabled()
        raise ValueError(f"stopped with grad {inner}")
print(torch.is_grad_enabled())
torch.set_grad_enabled(False)
with torch.enable_grad():
    torch.ones(2) + torch.ones(3)
print(torch.is_grad_enabled())
torch.set_grad_enabled(True)


def no_grad_then_fail(t):
    with torch.no_grad():
        t.add_(1)
        return t[5]


leaf = torch.zeros(3, requires_grad=True)
try:
    no_grad_then_fail(leaf)
except IndexError as e:
    print("IndexError:", e)
    tb = traceback.extract_tb(e.__traceback__)
    print([(os.path.basename(f.filename), f.lineno, f.name) for f in tb if f.filename.endswith(".py")])
print(leaf, torch.is_grad_enabled(), leaf._version)
try:
    leaf.add_(1)
except RuntimeError as e:
    print(type(e).__name__, "|", e)
else:
    print("no error")
finally:
    print("finally ran")
try:
    torch.ones(2, 3) @ torch.ones(2, 3)
except (IndexError, RuntimeError) as e:
    print(type(e).__name__, isinstance(e, Exception), str(e))
try:
    torch.zeros(2)[3]
except RuntimeError:
    print("RuntimeError caught")
except IndexError as e:
    print("IndexError caught:", e.args)
try:
    torch.tensor([1, 2]).item()
except ValueError as e:
    print("ValueError", e)
except RuntimeError as e:
    print("RuntimeError", e)
try:
    torch.ones(2).view(-1, -1)
except RuntimeError as e:
    msg = str(e)
print(msg)
try:
    torch.ones(2, 2).reshape(3)
except Exception as e:
    print(type(e).__mro__[:2], e.__class__.__module__)
try:
    torch.add(torch.ones(1), "x")
except TypeError as e:
    print(str(e).splitlines()[0])
try:
    torch.ones(2).sum(dim=5)
except IndexError as e:
    print(repr(e))


def outer(t):
    try:
        return inner(t)
    finally:
        print("outer finally", torch.is_grad_enabled())


def inner(t):
    with torch.no_grad():
        return t.expand(5)


try:
    outer(torch.ones(3))
except RuntimeError as e:
    print("caught:", e, "| grad:", torch.is_grad_enabled())


def retry(values):
    for v in values:
        try:
            return torch.tensor(v).reshape(2, 2)
        except RuntimeError as e:
            print("retrying after:", e)
    raise ValueError("no value fits")


print(retry([[1, 2, 3], [1, 2, 3, 4]]))
retry([[1]])
print("after the failed statement")
try:
    try:
        torch.ones(2).backward()
    except RuntimeError as e:
        raise ValueError("wrapped") from e
except ValueError as e:
    print(e, "<-", type(e.__cause__).__name__, e.__cause__)
with torch.no_grad():
    y = x + 1
    y.backward(torch.ones(2, 3))
print(y.requires_grad, x.grad)
try:
    with torch.no_grad():
        sys.exit(3)
except SystemExit as e:
    print("SystemExit", e.code, torch.is_grad_enabled())
print(torch.is_grad_enabled(), (x * x).requires_grad)
