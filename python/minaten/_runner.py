"""python/minaten/_runner.py - run a script statement by statement, as the dialect does.

One runner for both sides of a comparison: minaten runs a script with it
(`minaten run FILE.py`, `minaten -c CODE`, the torch module being minaten's
extension), and the recorder, tools/oracle/record.py, runs the same script
with it under real PyTorch 1.13.  Whatever the runner decides (where a
statement ends, what an error prints, what the helpers print) is therefore
decided once, for both.

What it does (docs/torch-api.md, docs/comparing.md):

  - The text is split into its top-level statements as Python's grammar
    sees them (split_statements): a `def`, `class`, `with`, `for`, `while`,
    `if`, `try` or `match` with its body and its elif/else/except/finally
    clauses is one statement, decorators included; simple statements on one
    line separated by `;` are one statement each, as `ast` has them.  A
    text that parses is split by its ast; one that does not, by its tokens
    (the tokenize module), so that brackets, strings and backslashes still
    join physical lines as Python joins them.  A statement the tokenizer
    cannot finish (a bracket or string left open, a dedent to no known
    level) ends before the next line that starts at column 0: one bad
    statement never takes the rest of the script with it.
  - Each statement is compiled alone, at its own place in the file
    (compile_statement): its line numbers, and the columns of a statement
    after a `;`, are the file's, so tracebacks, warnings and
    `inspect`-style introspection name the script's real file and lines.
  - Each runs in one namespace, a script's `__main__` (new_namespace), as if
    wrapped in try/except: a failure prints one line on stdout,
    `Type: message` with the message's first line (error_line), and the
    next statement runs.  A SyntaxError names its place as the dialect
    always has, `(NAME.py:FIRST, line N)`: FIRST the statement's first line
    in the file, N the line counted from it (tests/conformance/frontend/).
  - strict=True is `python3 FILE.py`: the whole text is compiled first, so
    a syntax error anywhere is printed as python3 prints it and nothing
    runs; otherwise the statements run until one fails, whose traceback is
    printed on stderr without the runner's frames, and the status is 1.
  - The dialect's helpers (Session): show, same_storage, trace_on,
    trace_off, lazy_ir, written against the torch API of the module given.

The runner imports neither torch nor minaten: the caller passes the module
that scripts know as `torch`.  It is importable as minaten._runner and by
path (tools/oracle/record.py loads it with importlib, without a `minaten`
package).  Standard library only; Python 3.11 (Debian's, for 1.13).

    run_file(path, torch_module, strict=False)     -> exit status
    run_source(text, filename, torch_module, ...)  -> exit status   (-c)
"""
import __future__
import ast
import builtins
import codecs
import contextlib
import gc
import importlib
import io
import os
import re
import sys
import tokenize
import types
import warnings
from typing import NamedTuple

__all__ = ["Statement", "split_statements", "compile_statement", "error_line", "syntax_error_line", "trace_line",
           "Session", "show_line", "new_namespace", "run_statements", "run_source", "run_file", "read_source"]


# ---- splitting -------------------------------------------------------------


class Statement(NamedTuple):
    """One top-level statement: `source` is its text from line `lineno`
    (1-based) and character column `col_offset` to the end of its last
    token.  `prefix` is the text before it on its first line: empty unless
    it follows a `;`."""
    lineno: int
    col_offset: int
    source: str
    prefix: str = ""


# Statements that take a body: the first word of their header line.
_COMPOUND = frozenset(("if", "while", "for", "try", "with", "def", "class", "async"))
# Clause lines that continue the compound statement before them.
_CLAUSES = frozenset(("elif", "else", "except", "finally"))
_OPEN, _CLOSE = "([{", ")]}"

# kinds of the statement being gathered (a simple statement is never
# gathered: it ends with its logical line)
_COMPOUND_KIND, _DECORATOR, _INDENTED = range(3)


def _lines(text):
    """text's physical lines, each with its '\\n' but the last; after
    universal newlines ("\\r\\n" and "\\r" are "\\n", as Python reads a
    source file)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = [line + "\n" for line in text.split("\n")]
    lines[-1] = lines[-1][:-1]
    if not lines[-1]:
        lines.pop()
    return lines


def _indented(line, col):
    """Whether the code at column col of line is indented: spaces or tabs
    before it, after any form feed (which resets the column, as in
    Python's tokenizer)."""
    return line[:col].rsplit("\f", 1)[-1] != ""


def _is_match_header(tokens):
    """`match SUBJECT:` (a soft keyword): `match` then something, the line
    ending in ':'; `match = 1` and `match(x)` are simple statements."""
    return (len(tokens) > 2 and tokens[0].string == "match" and tokens[-1].string == ":"
            and tokens[1].string not in ("=", ".", ":", ";", ")", "]", "}", ","))


class _Gathered:
    """The statement being gathered: from (lineno, 0) to end, of one kind."""

    def __init__(self, lineno, kind, end):
        self.lineno, self.kind, self.end = lineno, kind, end


class _Splitter:
    """split_statements' state: the lines, the statements found so far."""

    def __init__(self, text):
        self.lines = _lines(text)
        self.found = []

    def text(self, start, end):
        """The text from start to end, (line, column) pairs as tokenize
        gives them (1-based lines, character columns)."""
        (l0, c0), (l1, c1) = start, end
        if l0 == l1:
            return self.lines[l0 - 1][c0:c1]
        return self.lines[l0 - 1][c0:] + "".join(self.lines[l0:l1 - 1]) + self.lines[l1 - 1][:c1]

    def emit(self, start, end):
        line, col = start
        self.found.append(Statement(line, col, self.text(start, end), self.lines[line - 1][:col]))

    def flush(self, gathered):
        if gathered is not None:
            self.emit((gathered.lineno, 0), gathered.end)

    def simple_parts(self, tokens):
        """A simple line's statements: its tokens split at each ';' outside
        brackets, empty parts dropped."""
        parts, part, depth = [], [], 0
        for tok in tokens:
            if tok.type == tokenize.OP:
                if tok.string in _OPEN:
                    depth += 1
                elif tok.string in _CLOSE:
                    depth = max(0, depth - 1)
                elif tok.string == ";" and depth == 0:
                    parts.append(part)
                    part = []
                    continue
            part.append(tok)
        parts.append(part)
        return [p for p in parts if p]

    def continues(self, gathered, first):
        """Whether a logical line whose first token is `first` belongs to
        the statement being gathered: an indented line after a header or an
        indented line, a clause line after a compound statement, anything
        after a decorator."""
        if gathered is None:
            return False
        if _indented(self.lines[first.start[0] - 1], first.start[1]):
            return True
        if gathered.kind == _DECORATOR:
            return True
        return gathered.kind == _COMPOUND_KIND and first.type == tokenize.NAME and first.string in _CLAUSES

    def logical_line(self, tokens, gathered):
        """Adds one logical line (its tokens, without NEWLINE, comments and
        NL); returns the statement still being gathered, or None."""
        first, last = tokens[0], tokens[-1]
        if self.continues(gathered, first):
            gathered.end = last.end
            if gathered.kind == _DECORATOR and first.string != "@":
                gathered.kind = _COMPOUND_KIND
            return gathered
        self.flush(gathered)
        line = first.start[0]
        if _indented(self.lines[line - 1], first.start[1]):
            # an indent no statement opened: its own (failing) statement,
            # from column 0 so that it fails as Python says, unexpected indent
            return _Gathered(line, _INDENTED, last.end)
        if first.type == tokenize.OP and first.string == "@":
            return _Gathered(line, _DECORATOR, last.end)
        word = first.string if first.type == tokenize.NAME else None
        if word in _COMPOUND or word in _CLAUSES or (word == "match" and _is_match_header(tokens)):
            return _Gathered(line, _COMPOUND_KIND, last.end)
        for i, part in enumerate(self.simple_parts(tokens)):
            self.emit((line, 0) if i == 0 else part[0].start, part[-1].end)
        return None

    def next_statement_line(self, after):
        """The first line after line `after` (1-based) that starts a new
        statement by its look: code at column 0 that is not a clause; or
        len(lines) + 1."""
        for index in range(after, len(self.lines)):
            line = self.lines[index]
            stripped = line.lstrip("\f")
            if stripped[:1] in ("", " ", "\t", "#", "\n"):
                continue
            if re.match(r"(elif|else|except|finally)\b", stripped):
                continue
            return index + 1
        return len(self.lines) + 1

    def scan(self, start):
        """Tokenizes the lines from line start (1-based, a line at column 0)
        on, adding the statements found; returns the line to go on from
        after a statement the tokenizer could not finish, or None at the end."""
        shift = start - 1

        def at(pos):
            return (pos[0] + shift, pos[1])

        readline = io.StringIO("".join(self.lines[shift:])).readline
        gathered, tokens = None, []
        skipped = (tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING)
        try:
            for tok in tokenize.generate_tokens(readline):
                if tok.type in skipped:
                    continue
                if tok.type in (tokenize.NEWLINE, tokenize.ENDMARKER):
                    if tokens:
                        gathered = self.logical_line(tokens, gathered)
                        tokens = []
                    continue
                tokens.append(tok._replace(start=at(tok.start), end=at(tok.end)))
        except (tokenize.TokenError, SyntaxError) as e:
            return self.recover(gathered, tokens, e, shift)
        self.flush(gathered)
        return None

    def recover(self, gathered, tokens, error, shift):
        """The tokenizer stopped (error) in the logical line `tokens` (empty
        when it stopped before that line's first token): the statement that
        line belongs to, from its start to the line before the next
        statement_line, is one statement, which fails when compiled.
        Returns the line to go on from, or None at the end."""
        if isinstance(error, tokenize.TokenError):
            line, col = error.args[1] if len(error.args) > 1 else (len(self.lines) + 1 - shift, 0)
            line += shift
        else:
            line = (error.lineno or 1) + shift
            col = None
        line = min(line, len(self.lines))
        if col is None or line - shift < 1:
            text = self.lines[line - 1]
            col = len(text) - len(text.lstrip(" \t\f"))
        first = tokens[0] if tokens else tokenize.TokenInfo(tokenize.ERRORTOKEN, "", (line, col), (line, col), "")
        if self.continues(gathered, first):
            start = (gathered.lineno, 0)
        else:
            self.flush(gathered)
            start = (first.start[0], 0)
            word = first.string if first.type == tokenize.NAME else None
            if (tokens and not _indented(self.lines[first.start[0] - 1], first.start[1]) and first.string != "@"
                    and word not in _COMPOUND and word not in _CLAUSES and word != "match"):
                parts = self.simple_parts(tokens)  # the complete statements before a ';' stand
                for i, part in enumerate(parts[:-1]):
                    self.emit((first.start[0], 0) if i == 0 else part[0].start, part[-1].end)
                if len(parts) > 1:
                    start = parts[-1][0].start
        resume = self.next_statement_line(max(start[0], first.start[0]))
        end_line = resume - 1
        while end_line > start[0] and not self.lines[end_line - 1].strip():
            end_line -= 1
        self.emit(start, (end_line, len(self.lines[end_line - 1].rstrip("\n"))))
        return resume if resume <= len(self.lines) else None


def split_statements(text):
    """The top-level statements of a script's text, as Python's grammar
    sees them: a list of Statement, in order.  Blank lines and comments
    between statements belong to none.  Never raises on bad syntax: a
    statement the tokenizer cannot finish ends before the next line that
    starts at column 0 (not a clause), and fails when compiled.

    A text that parses whole is split by its ast (the C parser: about twice
    as fast as tokenize on a 100,000-line script); one that does not, by
    its tokens (_split_tokens), which gives the same statements where both
    apply (tests/runner/ checks it over the corpus).
    The parser's warnings (invalid escape sequences) are not shown: they
    are when each statement is compiled."""
    collecting = gc.isenabled()
    gc.disable()  # a million nodes, none garbage: the collector's passes over them cost more than the parse
    try:
        try:
            with _compile_warnings_shown(False):
                tree = compile(text, "<script>", "exec", ast.PyCF_ONLY_AST, dont_inherit=True)
        except Exception:  # SyntaxError; ValueError (NUL), RecursionError, MemoryError (nesting)
            tree = None
        return _split_tokens(text) if tree is None else _split_ast(text, tree)
    finally:
        tree = None
        if collecting:
            gc.enable()


def _split_tokens(text):
    """split_statements by tokens, for any text."""
    splitter = _Splitter(text)
    line = 1
    while line is not None and line <= len(splitter.lines):
        line = splitter.scan(line)
    return splitter.found


def _split_ast(text, tree):
    """split_statements for a text that parsed whole into tree (ast.Module):
    its body's nodes.  A statement on the line where the one before it
    ended follows a ';' and starts at its own column; any other starts at
    column 0 of its first line, a decorated def or class at its first '@'."""
    lines = _lines(text)
    found, previous_end = [], 0

    def chars(lineno, offset):  # a UTF-8 byte offset in line lineno, in characters
        return len(lines[lineno - 1].encode("utf-8")[:offset].decode("utf-8", "replace"))

    for node in tree.body:
        end = (node.end_lineno, chars(node.end_lineno, node.end_col_offset))
        if node.lineno == previous_end:
            start = (node.lineno, chars(node.lineno, node.col_offset))
        else:
            start = (node.lineno, 0)
            if getattr(node, "decorator_list", None):
                for lineno in range(previous_end + 1, node.decorator_list[0].lineno + 1):
                    if lines[lineno - 1].lstrip(" \t\f").startswith("@"):
                        start = (lineno, 0)
                        break
        (l0, c0), (l1, c1) = start, end
        if l0 == l1:
            source = lines[l0 - 1][c0:c1]
        else:
            source = lines[l0 - 1][c0:] + "".join(lines[l0:l1 - 1]) + lines[l1 - 1][:c1]
        found.append(Statement(l0, c0, source, lines[l0 - 1][:c0]))
        previous_end = node.end_lineno
    return found


# ---- compiling -------------------------------------------------------------


def _future_flags(code):
    """The `from __future__` flags a compiled statement turned on, to
    compile the statements after it with (as one module would be)."""
    flags = 0
    for name in __future__.all_feature_names:
        flag = getattr(__future__, name).compiler_flag
        if code.co_flags & flag:
            flags |= flag
    return flags


def compile_statement(stmt, filename, flags=0):
    """The code object of one Statement, in exec mode, with the positions
    it has in the file called filename: lines counted from the top of the
    file, the columns of a statement after a ';' from the start of its line
    (in UTF-8 bytes, as the compiler counts them).  flags: `from __future__`
    flags of the statements before it.  Raises SyntaxError with the same
    file positions; the compiler's warnings name them too.

    The statement's own text is compiled, as Python compiles a file (never
    an ast, whose conversions have limits the compiler does not: a sum of
    2,900 terms, tests/conformance/hardening/parse_long.py).  A statement
    after a ';' is compiled behind a filler as long, in bytes, as the text
    before it (`0   ;`: a constant, which compiles to nothing); then the
    lines move: each code object's first line (co_firstlineno, which its
    line table counts from) goes down by the lines above the statement."""
    above = stmt.lineno - 1
    filler = _filler(stmt.prefix)
    try:
        with _compile_warnings_moved(above):
            code = compile(filler + stmt.source, filename, "exec", flags, dont_inherit=True)
    except SyntaxError as e:
        raise _moved(e, stmt, filename, filler) from None
    return _code_moved(code, above) if above else code


def _filler(prefix):
    """What stands for the text before a statement after a ';': `0`,
    spaces and `;`, as many bytes as that text; "" before a statement at
    column 0 (or after a lone `;`, which no valid script has)."""
    width = len(prefix.encode("utf-8"))
    return "0" + " " * (width - 2) + ";" if width >= 2 else ""


def _code_moved(code, lines):
    """code and the code objects it holds (functions, classes, lambdas,
    comprehensions), `lines` lines further down."""
    consts = tuple(_code_moved(c, lines) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_firstlineno=code.co_firstlineno + lines, co_consts=consts)


@contextlib.contextmanager
def _compile_warnings_moved(lines):
    """While a statement compiles, the compiler's warnings (SyntaxWarning:
    "is" with a literal) name its lines in the file: they reach
    warnings.showwarning with the line in the statement, which is moved.
    Only showwarning is replaced, never the filters: changing those would
    empty the scripts' registries of the warnings shown once per place."""
    if not lines:
        yield
        return
    saved = warnings.showwarning

    def showwarning(message, category, filename, lineno, file=None, line=None):
        saved(message, category, filename, lineno + lines, file, line)

    warnings.showwarning = showwarning
    try:
        yield
    finally:
        warnings.showwarning = saved


def _moved(e, stmt, filename, filler):
    """A SyntaxError raised for filler + stmt.source, moved to the
    statement's place in the file."""
    def line(n):
        return None if n is None else n + stmt.lineno - 1

    def column(n, lineno):
        return n - len(filler) + len(stmt.prefix) if n is not None and lineno == 1 and n > len(filler) else n

    text = e.text
    if text is not None and e.lineno == 1:
        text = stmt.prefix + text[len(filler):]
    return type(e)(e.msg, (filename, line(e.lineno), column(e.offset, e.lineno), text, line(e.end_lineno),
                           column(e.end_offset, e.end_lineno)))


# ---- what an error prints --------------------------------------------------


def error_line(e):
    """`Type: message`, the first line of the exception's message (what
    the dialect prints for a failed statement)."""
    try:
        message = str(e).strip()
    except Exception:
        message = "<exception str() failed>"
    first = message.splitlines()[0] if message else ""
    return "%s: %s" % (type(e).__name__, first)


def syntax_error_line(e, stmt, name):
    """error_line of a SyntaxError compile_statement raised for stmt, the
    place named as compiling the statement alone did:
    `(NAME:FIRST, line N)`, FIRST the statement's first line in the file, N
    the error's line counted from it."""
    def relative(n):
        return None if n is None else n - stmt.lineno + 1

    label = "%s:%d" % (name, stmt.lineno)
    alone = type(e)(e.msg, (label, relative(e.lineno), e.offset, e.text, relative(e.end_lineno), e.end_offset))
    return error_line(alone)


# ---- the helpers -----------------------------------------------------------


def _import_submodule(torch, name):
    """torch's submodule NAME (`_lazy.ts_backend`), imported; None when the
    module has no such submodule."""
    full = "%s.%s" % (torch.__name__, name)
    try:
        return importlib.import_module(full)
    except ModuleNotFoundError as e:
        if e.name is not None and (full == e.name or full.startswith(e.name + ".")):
            return None
        raise


def trace_line(func):
    """`op NS::NAME[.OVERLOAD]` for an OpOverload as a TorchDispatchMode
    receives it (str: aten.transpose.int, quantized.add.default)."""
    parts = str(func).split(".")
    ns, name = parts[0], parts[1]
    overload = parts[2] if len(parts) > 2 else "default"
    return "op %s::%s%s" % (ns, name, "" if overload == "default" else "." + overload)


class Session:
    """The state of one script run with a torch module: the trace, the lazy
    backend; and the dialect's helpers, its bound methods (helpers())."""

    def __init__(self, torch):
        self.torch = torch
        self.mode = None        # the TorchDispatchMode entered, under PyTorch
        self.hooked = False     # the trace is on through torch._C._set_dispatch_trace
        self.lazy_ready = False

    def helpers(self):
        """The names a script sees besides its own: helper -> function."""
        return {"show": self.show, "same_storage": self.same_storage, "lazy_ir": self.lazy_ir,
                "trace_on": self.trace_on, "trace_off": self.trace_off}

    def _mode_class(self):
        """A TorchDispatchMode printing each call, when the torch module
        has torch.utils._python_dispatch (1.13); else None."""
        dispatch = _import_submodule(self.torch, "utils._python_dispatch")
        base = getattr(dispatch, "TorchDispatchMode", None)
        if base is None:
            return None

        class TraceMode(base):
            """Prints each operator as the dialect's trace does."""

            def __torch_dispatch__(self, func, types, args=(), kwargs=None):
                print(trace_line(func))
                return func(*args, **(kwargs or {}))

        return TraceMode

    def tracing(self):
        return self.mode is not None or self.hooked

    def trace_on(self):
        """Turns the trace on: under minaten its own trace mode,
        torch._C._set_dispatch_trace(True) (dispatch/TraceMode.h), which
        also names a lazy tensor's operators as 1.13's functionalization
        shows them (select_copy for select: minaten has no Functionalize
        key yet); under PyTorch a TorchDispatchMode.  A TorchDispatchMode on
        minaten sees the same calls otherwise (every other script of the
        corpus matches with it)."""
        if self.tracing():
            return
        hook = getattr(self.torch._C, "_set_dispatch_trace", None)
        mode_class = self._mode_class() if hook is None else None
        if mode_class is not None:
            self.mode = mode_class()
            self.mode.__enter__()
        else:
            hook(True)
            self.hooked = True

    def trace_off(self):
        if self.mode is not None:
            mode, self.mode = self.mode, None
            mode.__exit__(None, None, None)
        if self.hooked:
            self.hooked = False
            self.torch._C._set_dispatch_trace(False)

    @contextlib.contextmanager
    def untraced(self):
        """The helpers' own calls are never traced: neither by trace_on()'s
        mode nor, under minaten, by --trace=dispatch's hops
        (torch._C._set_dispatch_verbose)."""
        was_on = self.tracing()
        self.trace_off()
        verbose = getattr(self.torch._C, "_set_dispatch_verbose", None)
        was_verbose = verbose(False) if verbose is not None else False
        try:
            yield
        finally:
            if was_verbose:
                verbose(True)
            if was_on:
                self.trace_on()

    def ensure_lazy(self):
        """Initialises the Lazy backend (torch._lazy.ts_backend.init()),
        once, when the torch module has that module."""
        if self.lazy_ready:
            return
        backend = _import_submodule(self.torch, "_lazy.ts_backend")
        if backend is not None:
            backend.init()
        self.lazy_ready = True

    def show(self, t):
        with self.untraced():
            print(show_line(self.torch, t))

    def same_storage(self, a, b):
        with self.untraced():
            print(a.storage().data_ptr() == b.storage().data_ptr())

    def lazy_ir(self, *tensors):
        with self.untraced():
            self.ensure_lazy()
            text = self.torch._C._lazy._get_tensors_text(list(tensors))
            print(re.sub(r", NodeType=[^\n]*", "", text))


def _format_element(torch, v, dtype):
    if dtype == torch.bool:
        return "True" if v else "False"
    if dtype.is_floating_point or dtype in (torch.quint8, torch.qint8, torch.qint32):
        return "%.6g" % v
    return "%d" % v


def show_line(torch, t):
    """The line show(t) prints (docs/torch-api.md, Helpers)."""
    dtype = t.dtype
    device = str(t.device)
    host = t if device == "cpu" else t.cpu()
    values = (host.dequantize() if host.is_quantized else host).reshape(-1).tolist()
    quant = ""
    if t.is_quantized:
        if t.qscheme() in (torch.per_channel_affine, torch.per_channel_affine_float_qparams):
            quant = " axis=%d scales=[%s] zero_points=[%s]" % (
                t.q_per_channel_axis(),
                ", ".join("%.6g" % s for s in t.q_per_channel_scales().tolist()),
                ", ".join("%d" % z for z in t.q_per_channel_zero_points().tolist()))
        else:
            quant = " scale=%.6g zero_point=%d" % (t.q_scale(), t.q_zero_point())
    return "tensor shape=%s stride=%s offset=%d dtype=%s device=%s contiguous=%s%s data=[%s]" % (
        list(t.shape), list(t.stride()), t.storage_offset(), str(dtype).replace("torch.", ""),
        device, t.is_contiguous(), quant, ", ".join(_format_element(torch, v, dtype) for v in values))


# ---- running ---------------------------------------------------------------


def new_namespace(session, filename):
    """A script's globals, as python3 gives a script's `__main__` (its
    `__file__` when filename is a file), with `torch` and the helpers."""
    namespace = {"__name__": "__main__", "__doc__": None, "__package__": None, "__spec__": None,
                 "__builtins__": builtins, "torch": session.torch}
    if not (filename.startswith("<") and filename.endswith(">")):
        namespace["__file__"] = filename
    namespace.update(session.helpers())
    return namespace


@contextlib.contextmanager
def _torch_module_named_torch(torch):
    """While a script runs, `import torch` (and `import torch as t`) gives
    the torch module it runs with: sys.modules['torch'] is that module,
    and is put back after."""
    missing = object()
    before = sys.modules.get("torch", missing)
    sys.modules["torch"] = torch
    try:
        yield
    finally:
        if before is missing:
            sys.modules.pop("torch", None)
        else:
            sys.modules["torch"] = before


def _flush_stdout():
    """Flushes stdout after a statement so that its lines come before what
    the next one writes on stderr.  A stdout that cannot be written is left
    as it is for python3's report at exit; a closed one (python3's
    sys.stdout is None then) is nothing to flush."""
    if sys.stdout is None:
        return
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        pass


def _exit_status(e):
    """The exit status of a SystemExit, as python3 gives it (a code that is
    not an int is printed on stderr, status 1)."""
    code = e.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    _flush_stdout()
    try:
        sys.stderr.write("%s\n" % (code,))
    except Exception:
        pass
    return 1


def _print_exception(e, frames_to_drop):
    """Prints e as python3 prints an uncaught exception (sys.excepthook),
    its traceback without the runner's own first frames_to_drop frames."""
    tb = e.__traceback__
    for _ in range(frames_to_drop):
        tb = tb.tb_next if tb is not None else None
    e.__traceback__ = tb
    _flush_stdout()
    sys.excepthook(type(e), e, tb)


@contextlib.contextmanager
def _compile_warnings_shown(shown):
    """Whether the compiler's warnings (SyntaxWarning: "is" with a literal)
    are shown while a statement is compiled: not when strict, where the
    whole text was compiled first and showed them, as python3 does; never
    while split_statements parses the whole text.  Only
    warnings.showwarning is replaced, never the filters: changing those
    would empty the scripts' registries of warnings shown once per place."""
    if shown:
        yield
        return
    saved = warnings.showwarning
    warnings.showwarning = lambda *args, **kwargs: None
    try:
        yield
    finally:
        warnings.showwarning = saved


def _is_import_torch(stmt):
    """`import torch`: skipped, `torch` is in the namespace already."""
    return stmt.source.split() == ["import", "torch"]


def run_statements(statements, namespace, session, filename, name, strict=False, on_statement=None):
    """Runs each Statement in namespace, in order; returns the exit status:
    0 at the end (however many failed, unless strict), 1 for the first
    failure when strict, a SystemExit's status.  A failure prints
    error_line (syntax_error_line for a SyntaxError, the place named after
    name) on stdout; when strict, Python's traceback on stderr instead.
    on_statement(stmt), if given, is called before each statement runs
    (minaten's --stats=N: the counters every N lines)."""
    with _recursion_limit_above_runner():
        return _run_statements(statements, namespace, session, filename, name, strict, on_statement)


@contextlib.contextmanager
def _recursion_limit_above_runner():
    """Raises the recursion limit by the depth of the runner's own frames
    (and exec's entry into the interpreter), so that a script recurses as
    deep as under python3 FILE.py, where its code is the first frame
    (tests/strict/cases/recursion.py); put back after, unless the script
    set a limit of its own."""
    # run_statements' caller frames and its own, then _run_statements' and
    # exec's entry (the generator's and contextlib's __enter__ frames left out)
    depth, frame = 2, sys._getframe(2)
    while frame is not None:
        depth += 1
        frame = frame.f_back
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(limit + depth)
    try:
        yield
    finally:
        if sys.getrecursionlimit() == limit + depth:
            sys.setrecursionlimit(limit)


def _run_statements(statements, namespace, session, filename, name, strict, on_statement):
    flags = 0
    for stmt in statements:
        if on_statement is not None:
            on_statement(stmt)
        if _is_import_torch(stmt):
            continue
        if "lazy" in stmt.source:
            session.ensure_lazy()
        try:
            with _compile_warnings_shown(not strict):
                code = compile_statement(stmt, filename, flags)
        except Exception as e:  # SyntaxError; ValueError (a NUL), RecursionError (nesting), as python3 raises
            if strict:
                _print_exception(e, frames_to_drop=99)
                return 1
            print(syntax_error_line(e, stmt, name) if isinstance(e, SyntaxError) else error_line(e))
            _flush_stdout()
            continue
        flags |= _future_flags(code)
        try:
            exec(code, namespace)
        except SystemExit as e:
            _flush_stdout()
            return _exit_status(e)
        except Exception as e:  # the dialect's try/except around each statement
            if strict:
                _print_exception(e, frames_to_drop=1)  # this frame's exec
                return 1
            print(error_line(e))
        _flush_stdout()
    return 0


def run_source(text, filename, torch_module, strict=False, name=None, on_statement=None, namespace=None):
    """Runs a script's text (`-c CODE`: filename "<string>") statement by
    statement with torch_module as `torch`, in `namespace` or a new one
    (new_namespace); returns the exit status (run_statements).  filename
    is what tracebacks and warnings name; name what a SyntaxError line
    names (default: filename's base name).  When strict, the whole text is
    compiled first, as python3 compiles a file before running it: a syntax
    error is printed as python3 prints it, and nothing runs (status 1).
    on_statement: run_statements'.  A caller that looks at the variables
    afterwards (minaten's picture commands, explain) passes its namespace."""
    if name is None:
        name = os.path.basename(filename) if not filename.startswith("<") else filename
    session = Session(torch_module)
    if namespace is None:
        namespace = new_namespace(session, filename)
    if strict:
        try:
            compile(text, filename, "exec", dont_inherit=True)
        except Exception as e:
            _print_exception(e, frames_to_drop=99)
            return 1
    try:
        statements = split_statements(text)
        with _torch_module_named_torch(torch_module):
            return run_statements(statements, namespace, session, filename, name, strict, on_statement)
    finally:
        session.trace_off()
        _flush_stdout()


_COOKIE = re.compile(r"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)", re.ASCII)


def _normal_encoding(name):
    """An encoding name as CPython's tokenizer names it (get_normal_name)."""
    lower = name[:12].lower().replace("_", "-")
    if lower == "utf-8" or lower.startswith("utf-8-"):
        return "utf-8"
    if lower in ("latin-1", "iso-8859-1", "iso-latin-1") or lower.startswith(("latin-1-", "iso-8859-1-",
                                                                              "iso-latin-1-")):
        return "iso-8859-1"
    return name


def read_source(data, filename):
    """A script's bytes decoded as python3 decodes a source file (a UTF-8
    byte order mark, a `coding:` line in the first two, else UTF-8).
    Raises SyntaxError worded as python3 words it for a file it cannot
    decode (Non-UTF-8 code starting with '\\xc3' in file ... on line N)."""
    bom = data.startswith(codecs.BOM_UTF8)
    body = data[3:] if bom else data
    encoding = None
    for line in body.split(b"\n", 2)[:2]:
        match = _COOKIE.match(line.decode("latin-1"))
        if match:
            encoding = _normal_encoding(match.group(1))
            break
        if not line.strip().startswith(b"#") and line.strip():
            break
    if encoding is not None:
        try:
            codecs.lookup(encoding)
        except LookupError:
            raise SyntaxError("encoding problem: %s" % encoding) from None
        if bom and encoding != "utf-8":
            raise SyntaxError("encoding problem: %s with BOM" % encoding)
    try:
        return body.decode(encoding or "utf-8")
    except UnicodeDecodeError as e:
        if encoding is not None:
            compile(data, filename, "exec", ast.PyCF_ONLY_AST, dont_inherit=True)  # python3's own error
            raise
        before = body[:e.start].replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        raise SyntaxError("Non-UTF-8 code starting with '\\x%02x' in file %s on line %d, but no encoding declared; "
                          "see https://peps.python.org/pep-0263/ for details"
                          % (body[e.start], filename, before.count(b"\n") + 1)) from None


def run_file(path, torch_module, strict=False, filename=None, name=None, prog="minaten", on_statement=None):
    """Runs the script at path ("-": standard input) with torch_module as
    `torch`; returns the exit status: run_source's, 1 for a file python3
    would not decode (its SyntaxError on stderr, nothing run), 2 for one
    that cannot be read (`PROG: can't open file '/abs/path': [Errno 2] No
    such file or directory` on stderr).  filename: what tracebacks name
    (default python3's: the absolute path, `<stdin>`); name: what a
    SyntaxError line names (default the file's base name); on_statement:
    run_statements'."""
    if filename is None:
        filename = "<stdin>" if path == "-" else os.path.abspath(path)
    if name is None:
        name = "<stdin>" if path == "-" else os.path.basename(path)
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except OSError as e:
        sys.stderr.write("%s: can't open file '%s': [Errno %d] %s\n" % (prog, os.path.abspath(path), e.errno,
                                                                       e.strerror))
        return 2
    try:
        text = read_source(data, filename)
    except SyntaxError as e:
        _print_exception(e, frames_to_drop=99)
        return 1
    return run_source(text, filename, torch_module, strict=strict, name=name, on_statement=on_statement)


def main(argv):
    """python3 _runner.py [--strict] FILE | -c CODE: runs with the `torch`
    importable in this Python (under /usr/bin/python3, PyTorch 1.13)."""
    # Run as a script, the runner's own folder (python/minaten) is sys.path[0],
    # where minaten's random.py (torch.random) would hide the standard
    # library's random from torch's own imports (tempfile imports it).
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != here]
    strict = "--strict" in argv
    args = [a for a in argv if a != "--strict"]
    if len(args) == 2 and args[0] == "-c":
        return run_source(args[1], "<string>", importlib.import_module("torch"), strict=strict)
    if len(args) == 1:
        return run_file(args[0], importlib.import_module("torch"), strict=strict, prog="python3")
    sys.stderr.write("usage: _runner.py [--strict] FILE | -c CODE\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
