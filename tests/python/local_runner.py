"""Runs a dialect script statement by statement, as tools/oracle/record.py
does (each top-level statement compiled whole and run as if wrapped in
try/except, a failure printing `Type: message`, the message's first line),
with `torch` bound to the module given.  NB: a stand-in for the shared
runner python/minaten/_runner.py (branch py-runner) until it lands.
"""
import ast
import contextlib
import io


def _values(t):
    """Every element of t in order, as Python numbers (unbind and item:
    operators both modules have)."""
    if t.dim() == 0:
        return [t.item()]
    return [e.item() for e in t.reshape(-1).unbind(0)] if t.numel() else []


def show_line(torch, t):
    """The dialect's show(t) line, as tools/oracle/record.py prints it."""
    dtype = t.dtype
    host = t if str(t.device) == "cpu" else t.cpu()
    values = _values(host.dequantize() if host.is_quantized else host)
    quant = ""
    if t.is_quantized:
        if t.qscheme() == torch.per_channel_affine:
            quant = " axis=%d scales=[%s] zero_points=[%s]" % (
                t.q_per_channel_axis(), ", ".join("%.6g" % s for s in _values(t.q_per_channel_scales())),
                ", ".join("%d" % z for z in _values(t.q_per_channel_zero_points())))
        else:
            quant = " scale=%.6g zero_point=%d" % (t.q_scale(), t.q_zero_point())

    def element(v):
        if dtype == torch.bool:
            return "True" if v else "False"
        if dtype.is_floating_point or t.is_quantized:
            return "%.6g" % v
        return "%d" % v

    return "tensor shape=%s stride=%s offset=%d dtype=%s device=%s contiguous=%s%s data=[%s]" % (
        list(t.shape), list(t.stride()), t.storage_offset(), str(dtype).replace("torch.", ""), t.device,
        t.is_contiguous(), quant, ", ".join(element(v) for v in values))


def run(source, torch_module, filename="<script>"):
    """The script's standard output, as text."""
    out = io.StringIO()
    env = {"torch": torch_module, "__name__": "__main__",
           "show": lambda t: print(show_line(torch_module, t))}
    tree = ast.parse(source, filename)
    with contextlib.redirect_stdout(out):
        for node in tree.body:
            if isinstance(node, ast.Import) and all(a.name == "torch" for a in node.names):
                continue
            code = compile(ast.Module(body=[node], type_ignores=[]), filename, "exec")
            try:
                exec(code, env)
            except Exception as e:
                lines = str(e).strip().split("\n")
                print("%s: %s" % (type(e).__name__, lines[0]) if lines[0] else type(e).__name__)
    return out.getvalue()
