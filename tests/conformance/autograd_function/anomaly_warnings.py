# anomaly mode: detect_anomaly() warns on entry; each node made under it keeps the forward's traceback in its metadata; a backward that fails warns "Error detected in ..." with that traceback, then the error propagates; a node made without the mode has no information; set_detect_anomaly as a function and a context manager
import warnings

def script_frames(text):
    """The traceback entries of this script, without the runner's or torch's frames."""
    lines = text.split("\n")
    out = []
    for i, line in enumerate(lines):
        if line.startswith('  File "') and 'anomaly_warnings.py"' in line:
            where = line[line.index('", line ') + 2:]
            out.append(where + " | " + lines[i + 1].strip())
    return out

def show(w):
    for m in w:
        text = str(m.message)
        print(m.category.__name__, text.split("\n")[0])
        for f in script_frames(text):
            print("   ", f)
        if "Triggered" in text:
            print("   ", text[text.index("(Triggered"):])

class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.clone()

    @staticmethod
    def backward(ctx, g):
        raise RuntimeError("Some error in backward")

def run_fn(a):
    out = Bad.apply(a)
    return out.sum()

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    with torch.autograd.detect_anomaly():
        print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
        inp = torch.tensor([1., 2., 3.], requires_grad=True)
        out = run_fn(inp)
        print(sorted(out.grad_fn.metadata.keys()), sorted(out.grad_fn.next_functions[0][0].metadata.keys()))
        print(script_frames("".join(out.grad_fn.next_functions[0][0].metadata["traceback_"])))
        try:
            out.backward()
        except RuntimeError as e:
            print("RuntimeError", e)
    show(w)
print(torch.is_anomaly_enabled())

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    out = run_fn(inp)
    torch.autograd.set_detect_anomaly(True)
    try:
        out.backward()
    except RuntimeError as e:
        print("RuntimeError", e)
    torch.autograd.set_detect_anomaly(False)
    show(w)

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    with torch.autograd.set_detect_anomaly(True):
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x.exp()
        z = y.sum()
        y.add_(1)
        try:
            z.backward()
        except RuntimeError as e:
            print("RuntimeError", e)
    show(w)
print(torch.is_anomaly_enabled())

class Sq(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * 2

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return g * x.sqrt() * 0

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    with torch.autograd.detect_anomaly():
        x = torch.tensor([0.], requires_grad=True)
        y = Sq.apply(x)
        g, = torch.autograd.grad(y.sum(), x, create_graph=True)
        print(g.grad_fn.name(), sorted(g.grad_fn.metadata.keys()), g.grad_fn.metadata["parent_"] is y.grad_fn)
        try:
            g.sum().backward()
        except RuntimeError as e:
            print("RuntimeError", e)
    show(w)
