#!/usr/bin/python3
"""tests/runner/test_runner.py - the statement runner, python/minaten/_runner.py, without torch.

The runner is loaded by path, as tools/oracle/record.py loads it, and runs
with fake torch modules: a bare module (the helpers then use the module's
hook, torch._C._set_dispatch_trace), or a package written to a scratch
folder that has a `utils/_python_dispatch.py` with a TorchDispatchMode and
a `_lazy/ts_backend.py` (the 1.13 side's route).  The strict mode is
compared with what `python3 FILE.py` prints for the same file, run in a
subprocess by this same Python; the splitting with what `ast` parses,
statement for statement, over this test's samples and over every script
of the conformance corpus.

    python3 tests/runner/test_runner.py [-v]        (ctest: runner.unit)
"""
import ast
import contextlib
import glob
import importlib.util
import io
import os
import subprocess
import sys
import tempfile
import textwrap
import traceback
import types
import unittest
import warnings

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
RUNNER = os.path.join(ROOT, "python", "minaten", "_runner.py")


def load_runner():
    spec = importlib.util.spec_from_file_location("minaten_runner_under_test", RUNNER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


runner = load_runner()


class FakeC:
    """torch._C of a torch module without TorchDispatchMode: the trace hook."""

    def __init__(self, log):
        self.log = log

    def _set_dispatch_trace(self, on):
        self.log.append("trace %s" % on)
        print("[trace %s]" % ("on" if on else "off"))


def fake_torch(log=None):
    torch = types.ModuleType("fake_torch_for_runner")
    torch._C = FakeC(log if log is not None else [])
    return torch


def run(text, strict=False, torch=None, name="script.py"):
    """(stdout, stderr, status) of run_source on text."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = runner.run_source(text, "/nowhere/" + name, torch or fake_torch(), strict=strict, name=name)
    return out.getvalue(), err.getvalue(), status


def split(text):
    """split_statements(text), checked against the split by tokens (the
    route of a text that does not parse): the same statements, to the
    character, where the text parses whole."""
    found = runner.split_statements(text)
    by_tokens = runner._split_tokens(text)
    strip = [s[:4] for s in found]
    assert strip == [s[:4] for s in by_tokens], "split by ast and by tokens differ:\n%s\n%s" % (
        strip, [s[:4] for s in by_tokens])
    return found


def positions(text):
    return [(s.lineno, s.col_offset) for s in split(text)]


def ast_positions(text):
    """What ast says: each top-level statement's first line and character
    column (a decorated def or class starts at its first decorator)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    result = []
    for node in ast.parse(text).body:
        first = node.decorator_list[0] if getattr(node, "decorator_list", None) else node
        lineno = first.lineno
        col = len(lines[lineno - 1].encode("utf-8")[:first.col_offset].decode("utf-8"))
        if first is not node:
            col -= 1  # the '@' before the decorator's expression
        result.append((lineno, col))
    return result


SAMPLE = textwrap.dedent('''\
    # a comment, then blank lines

    import torch
    a = 1; b = [1,
                2]; c = "x;y"  # a comment with ; in it
    @decorator
    # a comment between
    @other(1,
           2)

    def f(x):
        """a docstring
        over lines"""
        return x; pass
    class C(object):
        y = 1

        def g(self):
            return {"a": (1,
    2)}
    if a:
        pass
    elif b:
        pass
    # a column-0 comment inside the statement
    else:
        pass
    try:
        pass
    except ValueError as e:
        pass
    else:
        pass
    finally:
        pass
    with open("x") as f, open("y") as g:
        pass
    for i in range(3): print(i); print(i)
    while False:
        pass
    else:
        pass
    async def h():
        await x
    match = 3; match(4)
    match a:
        case 1:
            pass
        case _:
            pass
    x = 1 + \\
        2
    s = """;
    not a statement"""; t = 'é'; u = 3
    ''')


class Splitting(unittest.TestCase):
    def test_sample_as_ast(self):
        self.assertEqual(positions(SAMPLE), ast_positions(SAMPLE))

    def test_sample_texts(self):
        texts = [s.source for s in split(SAMPLE)]
        self.assertEqual(texts[0], "import torch")
        self.assertEqual(texts[1:4], ["a = 1", "b = [1,\n            2]", 'c = "x;y"'])
        self.assertTrue(texts[4].startswith("@decorator\n# a comment between\n@other(1,"))
        self.assertTrue(texts[4].endswith("return x; pass"))
        self.assertEqual(texts[-3:], ['s = """;\nnot a statement"""', "t = 'é'", "u = 3"])

    def test_statement_ends_as_ast(self):
        """Each statement's text ends where ast says it does."""
        tree = ast.parse(SAMPLE)
        lines = SAMPLE.split("\n")
        for stmt, node in zip(split(SAMPLE), tree.body):
            last = stmt.lineno + stmt.source.count("\n")
            self.assertEqual(last, node.end_lineno, stmt.source)
            tail = stmt.source.rsplit("\n", 1)[-1]
            start = len(stmt.prefix) if "\n" not in stmt.source else 0
            end_chars = len(lines[node.end_lineno - 1].encode("utf-8")[:node.end_col_offset].decode("utf-8"))
            self.assertEqual(start + len(tail), end_chars, stmt.source)

    def test_semicolons(self):
        stmts = split("a = 1;b = 2 ;  c = (3; 4)\nif a: b; c\n")
        self.assertEqual([(s.lineno, s.col_offset, s.source) for s in stmts],
                         [(1, 0, "a = 1"), (1, 6, "b = 2"), (1, 15, "c = (3; 4)"), (2, 0, "if a: b; c")])
        self.assertEqual(stmts[2].prefix, "a = 1;b = 2 ;  ")
        self.assertEqual(positions("a = 1;\n;\nb = 2"), [(1, 0), (3, 0)])

    def test_blank_lines_and_comments(self):
        self.assertEqual(split("\n\n# only\n   # indented comment\n\n"), [])
        self.assertEqual(positions("\n# c\nx = 1  # c\n\n\n# c\ny = 2\n# end"), [(3, 0), (7, 0)])

    def test_newlines(self):
        """CRLF and CR end lines as LF does (universal newlines); a last
        line without its newline is a statement."""
        lf = "a = 1\nif a:\n    b = 2\nc = (1,\n     2)\nd = 4"
        for text in (lf, lf.replace("\n", "\r\n"), lf.replace("\n", "\r")):
            self.assertEqual([(s.lineno, s.source) for s in split(text)],
                             [(1, "a = 1"), (2, "if a:\n    b = 2"), (4, "c = (1,\n     2)"), (6, "d = 4")])
        out, err, status = run(lf.replace("\n", "\r\n") + "\r\nprint(a, b, c, d)\r\n")
        self.assertEqual((out, status), ("1 2 (1, 2) 4\n", 0))

    def test_syntax_error_in_the_middle(self):
        """A statement the tokenizer cannot finish ends before the next line
        at column 0: the statements after it stand."""
        text = "a = 1\nb = (2,\nc = 3\nif a:\n    d = [4,\n    e = 5\nelse:\n    pass\nf = 6\ng = '''7\nh = 8\n"
        self.assertEqual([(s.lineno, s.source) for s in split(text)],
                         [(1, "a = 1"), (2, "b = (2,"), (3, "c = 3"),
                          (4, "if a:\n    d = [4,\n    e = 5\nelse:\n    pass"),
                          (9, "f = 6"), (10, "g = '''7"), (11, "h = 8")])
        self.assertEqual(positions("a = 1; b = (2,\nc = 3"), [(1, 0), (1, 7), (2, 0)])
        self.assertEqual(positions("if a:\n        b\n    c\nd = 1\n"), [(1, 0), (4, 0)])  # a dedent to no level
        self.assertEqual(positions("x = 1 \\\n"), [(1, 0)])

    def test_unexpected_indent(self):
        """An indented line no statement opened is a statement of its own,
        from column 0, so that it fails as Python says."""
        stmts = split("a = 1\n    b = 2\n    c = 3\nd = 4\n")
        self.assertEqual([(s.lineno, s.source) for s in stmts],
                         [(1, "a = 1"), (2, "    b = 2\n    c = 3"), (4, "d = 4")])
        self.assertEqual(run("a = 1\n    b = 2\nprint(a)\n")[0],
                         "IndentationError: unexpected indent (script.py:2, line 1)\n1\n")

    def test_form_feed(self):
        self.assertEqual(positions("a = 1\n\fb = 2\n  \fc = 3\n"), [(1, 0), (2, 0), (3, 0)])

    def test_corpus_as_ast(self):
        """Every script of the corpus that Python parses splits as ast does."""
        scripts = []
        for folder in ("tests/conformance", "tests/strict/cases", "tests/library", "tests/yaml_runtime",
                       "tests/explain", "tools/demo", "examples"):
            scripts += glob.glob(os.path.join(ROOT, folder, "**", "*.py"), recursive=True)
        checked = 0
        for path in sorted(scripts):
            with open(path, "rb") as f:
                data = f.read()
            try:
                text = data.decode("utf-8")
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    ast.parse(text)
            except (SyntaxError, UnicodeDecodeError, ValueError):
                continue
            checked += 1
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self.assertEqual(positions(text), ast_positions(text), path)
        self.assertGreater(checked, 100)


class Compiling(unittest.TestCase):
    def where(self, text, index):
        """(file, line, first column, last column) of the innermost frame
        when the statements of text up to `index` run."""
        namespace = {}
        try:
            for stmt in split(text)[:index + 1]:
                exec(runner.compile_statement(stmt, "/nowhere/script.py"), namespace)
        except Exception as e:
            frame = traceback.extract_tb(e.__traceback__)[-1]
            return frame.filename, frame.lineno, frame.colno, frame.end_colno
        self.fail("no error")

    def test_positions_are_the_files(self):
        self.assertEqual(self.where("a = 1\n\n\nb = 2; c = nope + 1\n", 2), ("/nowhere/script.py", 4, 11, 15))
        # columns in UTF-8 bytes, as the compiler counts them
        self.assertEqual(self.where("s = 'é'; t = nope\n", 1), ("/nowhere/script.py", 1, 14, 18))
        self.assertEqual(self.where("x = 1\nfor i in (1,):\n    y = (i,\n         nope)\n", 1),
                         ("/nowhere/script.py", 4, 9, 13))

    def test_functions_keep_their_lines(self):
        """Code objects inside a statement (a def, a lambda, a class body)
        are at the file's lines too."""
        self.assertEqual(self.where("a = 1\n\ndef f():\n    return nope\nf()\n", 2)[:2], ("/nowhere/script.py", 4))
        self.assertEqual(self.where("\nclass A:\n    x = 1\n    y = nope\n", 0)[:2], ("/nowhere/script.py", 4))
        self.assertEqual(self.where("\n\ng = lambda: nope; g()\n", 1)[:2], ("/nowhere/script.py", 3))
        self.assertEqual(runner.compile_statement(split("\n\ndef f():\n  pass\n")[0], "s.py").co_consts[0]
                         .co_firstlineno, 3)

    def test_compiler_warnings_name_the_files_lines(self):
        out, err, status = run("x = 1\n\nprint(x is 1)\n")
        self.assertEqual(out, "True\n")
        self.assertIn("/nowhere/script.py:3: SyntaxWarning: \"is\" with a literal", err)
        self.assertEqual(err.count("SyntaxWarning"), 1)

    def test_long_expressions(self):
        """As deep as the compiler takes from a file: no ast round trip."""
        out, err, status = run("x = " + "+".join(["1"] * 2900) + "\nprint(x)\n")
        self.assertEqual((out, status), ("2900\n", 0))

    def test_syntax_error_positions(self):
        stmt = split("a = 1\nb = 2; c = (1 +)\n")[2]
        with self.assertRaises(SyntaxError) as caught:
            runner.compile_statement(stmt, "/nowhere/script.py")
        e = caught.exception
        self.assertEqual((e.filename, e.lineno, e.offset, e.text), ("/nowhere/script.py", 2, 16, "b = 2; c = (1 +)\n"))
        self.assertEqual(runner.syntax_error_line(e, stmt, "script.py"),
                         "SyntaxError: invalid syntax (script.py:2, line 1)")

    def test_future_flags_carry_on(self):
        out, err, status = run("from __future__ import annotations\n"
                               "def f(x: Undefined): pass\nprint(f.__annotations__)\n")
        self.assertEqual((out, status), ("{'x': 'Undefined'}\n", 0))


class Running(unittest.TestCase):
    def test_error_lines_and_the_next_statement(self):
        text = textwrap.dedent('''\
            print("first")
            x = undefined_name
            raise RuntimeError("line one\\nline two")
            raise ValueError()
            raise KeyError("k")
            for i in range(2):
                print(i)
                1 / 0
            if True:
                y = 1
                print 1
            a = 1; b = a.nope; c = 3
            print(a, c)
            ''')
        out, err, status = run(text)
        self.assertEqual(out.splitlines(), [
            "first",
            "NameError: name 'undefined_name' is not defined",
            "RuntimeError: line one",
            "ValueError: ",
            "KeyError: 'k'",
            "0",
            "ZeroDivisionError: division by zero",
            "SyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)? (script.py:9, line 3)",
            "AttributeError: 'int' object has no attribute 'nope'",
            "1 3",
        ])
        self.assertEqual((err, status), ("", 0))

    def test_syntax_errors_do_not_stop_the_script(self):
        out, err, status = run("print(1 +\nprint(2)\nx = (1,\nprint(3)\n", name="bad.py")
        self.assertEqual(out, "SyntaxError: '(' was never closed (bad.py:1, line 1)\n2\n"
                              "SyntaxError: '(' was never closed (bad.py:3, line 1)\n3\n")
        self.assertEqual(status, 0)

    def test_namespace(self):
        out, err, status = run("print(__name__, __doc__, sorted(k for k in globals() if not k.startswith('__')))\n"
                               "class A: pass\nprint(A.__module__, A.__qualname__)\n")
        self.assertEqual(out.splitlines(),
                         ["__main__ None ['lazy_ir', 'same_storage', 'show', 'torch', 'trace_off', 'trace_on']",
                          "__main__ A"])

    def test_import_torch(self):
        torch = fake_torch()
        out, err, status = run("import torch\nimport torch as t\nprint(t is torch, torch.__name__)\n", torch=torch)
        self.assertEqual(out, "True fake_torch_for_runner\n")
        self.assertNotIn("torch", sys.modules)  # put back after the run

    def test_system_exit(self):
        self.assertEqual(run("print(1)\nraise SystemExit(3)\nprint(2)\n")[::2], ("1\n", 3))
        self.assertEqual(run("import sys\nsys.exit('bye')\n"), ("", "bye\n", 1))
        self.assertEqual(run("exit()\nprint(2)\n", strict=True), ("", "", 0))

    def test_trace_hook_and_untraced_helpers(self):
        """Without TorchDispatchMode the trace is the module's hook,
        torch._C._set_dispatch_trace, turned off around a helper."""
        log = []
        script = textwrap.dedent('''\
            class T:
                def storage(self): return self
                def data_ptr(self): return 1
            trace_on()
            trace_on()
            print("x")
            same_storage(T(), T())
            trace_off()
            trace_off()
            trace_on()
            ''')
        out, err, status = run(script, torch=fake_torch(log))
        self.assertEqual(out.splitlines(), ["[trace on]", "x", "[trace off]", "True", "[trace on]", "[trace off]",
                                            "[trace on]", "[trace off]"])  # the last: the end of the run
        self.assertEqual(log, ["trace True", "trace False", "trace True", "trace False", "trace True",
                               "trace False"])

    def test_lazy_and_dispatch_mode_of_a_torch_package(self):
        """A torch module that has utils._python_dispatch.TorchDispatchMode
        (1.13) traces with a mode; one with _lazy.ts_backend has it
        initialised before a statement that mentions lazy, once."""
        with tempfile.TemporaryDirectory() as folder:
            package = os.path.join(folder, "fake_torch_package")
            for sub in ("utils", "_lazy", "_C"):
                os.makedirs(os.path.join(package, sub))
                open(os.path.join(package, sub, "__init__.py"), "w").close()
            with open(os.path.join(package, "__init__.py"), "w") as f:
                f.write("from . import _C\nfrom ._C import _lazy as _unused\n")
            with open(os.path.join(package, "_C", "_lazy.py"), "w") as f:
                f.write("def _get_tensors_text(ts):\n"
                        "    return 'IR {\\n  %0 = [Float[2]] aten::exp(%1), NodeType=x, ROOT=0\\n}\\n'\n")
            with open(os.path.join(package, "utils", "_python_dispatch.py"), "w") as f:
                f.write(textwrap.dedent('''\
                    class TorchDispatchMode:
                        def __enter__(self):
                            print("[mode enter]")
                        def __exit__(self, *args):
                            print("[mode exit]")
                    class Op:
                        def __init__(self, name): self.name = name
                        def __str__(self): return self.name
                        def __call__(self, *args): return args[0]
                    '''))
            with open(os.path.join(package, "_lazy", "ts_backend.py"), "w") as f:
                f.write("def init():\n    print('[lazy init]')\n")
            sys.path.insert(0, folder)
            try:
                torch = importlib.import_module("fake_torch_package")
                script = textwrap.dedent('''\
                    import fake_torch_package.utils._python_dispatch as d
                    trace_on()
                    mode = d.TorchDispatchMode.__subclasses__()[0]
                    mode().__torch_dispatch__(d.Op("aten.transpose.int"), (), (1,))
                    mode().__torch_dispatch__(d.Op("quantized.add.default"), (), (1,))
                    lazy_ir(1)
                    trace_off()
                    x = "lazy"
                    ''')
                out, err, status = run(script, torch=torch)
            finally:
                sys.path.remove(folder)
                for name in list(sys.modules):
                    if name.startswith("fake_torch_package"):
                        del sys.modules[name]
        self.assertEqual(out.splitlines(), [
            "[mode enter]", "op aten::transpose.int", "op quantized::add", "[lazy init]",
            "[mode exit]", "IR {", "  %0 = [Float[2]] aten::exp(%1)", "}", "", "[mode enter]", "[mode exit]"])
        self.assertEqual((err, status), ("", 0))

    def test_on_statement(self):
        seen = []
        with contextlib.redirect_stdout(io.StringIO()):
            runner.run_source("a = 1; b = 2\nif a:\n    pass\nc = nope\n", "<string>", fake_torch(),
                              on_statement=lambda stmt: seen.append((stmt.lineno, stmt.col_offset)))
        self.assertEqual(seen, [(1, 0), (1, 7), (2, 0), (4, 0)])

    def test_lazy_without_a_backend(self):
        out, err, status = run("x = 'lazy'\nprint(x)\n")
        self.assertEqual((out, status), ("lazy\n", 0))

    def test_show_line(self):
        class DType:
            def __init__(self, name, floating):
                self.name, self.is_floating_point = name, floating

            def __str__(self):
                return "torch." + self.name

        torch = fake_torch()
        torch.float32, torch.bool = DType("float32", True), DType("bool", False)
        torch.quint8, torch.qint8, torch.qint32 = (DType(n, False) for n in ("quint8", "qint8", "qint32"))

        class Tensor:
            dtype, device, shape, is_quantized = torch.float32, "cpu", (2, 3), False

            def stride(self):
                return (1, 2)

            def storage_offset(self):
                return 1

            def is_contiguous(self):
                return False

            def reshape(self, n):
                return self

            def tolist(self):
                return [0.5, 1e-7, 3.0, 4.0, 5.0, 6.0]

        self.assertEqual(runner.show_line(torch, Tensor()),
                         "tensor shape=[2, 3] stride=[1, 2] offset=1 dtype=float32 device=cpu contiguous=False "
                         "data=[0.5, 1e-07, 3, 4, 5, 6]")


class StrictLikePython(unittest.TestCase):
    """--strict is `python3 FILE.py`: the same stderr, byte for byte, and
    the same status; the stdout printed before the failure too."""

    DRIVER = ("import importlib.util, sys, types\n"
              "spec = importlib.util.spec_from_file_location('r', %r)\n"
              "r = importlib.util.module_from_spec(spec); spec.loader.exec_module(r)\n"
              "sys.exit(r.run_file(sys.argv[1], types.ModuleType('fake_torch'), strict=True))\n" % RUNNER)

    def compare(self, text, data=None):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "case.py")
            with open(path, "wb") as f:
                f.write(data if data is not None else text.encode("utf-8"))
            env = dict(os.environ, PYTHONIOENCODING="utf-8")
            python = subprocess.run([sys.executable, "case.py"], cwd=folder, capture_output=True, env=env)
            ours = subprocess.run([sys.executable, "-c", self.DRIVER, "case.py"], cwd=folder, capture_output=True,
                                  env=env)
        self.assertEqual(ours.stderr.decode(), python.stderr.decode())
        self.assertEqual(ours.stdout.decode(), python.stdout.decode())
        self.assertEqual(ours.returncode, python.returncode)
        return python.stderr.decode()

    def test_runtime_errors(self):
        self.assertIn("ZeroDivisionError", self.compare(textwrap.dedent('''\
            print("before")
            def f(x):
                return g(x) + 1
            def g(x):
                return 1 / x
            a = 1; b = f(0); c = 2
            print("never")
            ''')))
        self.compare("x = 1\ntry:\n    {}['k']\nexcept KeyError as e:\n    raise ValueError('v') from e\n")
        self.compare("try:\n    1 / 0\nfinally:\n    print('finally')\n")
        self.compare("class C:\n    def __enter__(self): return self\n    def __exit__(self, *a): print('exit')\n"
                     "with C() as c:\n    [1][2]\n")
        self.compare("def deco(f):\n    raise TypeError('no')\n@deco\ndef g(): pass\n")
        self.compare("s = 'é'; t = s + nope\n")
        self.compare("x = [1,\n     2,\n     nope]\n")
        self.compare("assert 1 == 2, 'message'\n")

    def test_syntax_errors_run_nothing(self):
        self.assertIn("SyntaxError", self.compare("print('never')\nx = (1 +)\nprint('never')\n"))
        self.compare("print('never')\nif True:\n    x = 1\n        y = 2\n")
        self.compare("print('never')\nfor i in range(2):\n    return i\n")
        self.compare("print('never')\nx = (1,\ny = 2\n")
        self.compare("print('never')\na = 1; print 1\n")
        self.compare("print('never')\ns = '''abc\n")
        self.compare("print('never')\nif True:\n\tx = 1\n        y = 2\n")

    def test_files_python_cannot_decode(self):
        self.assertIn("Non-UTF-8 code starting with '\\xc3'",
                      self.compare(None, b'print("never")\nx = "\xc3\xa9"\ny = 1\n\xc3A = 2\n'))
        self.compare(None, b"# -*- coding: latin-1 -*-\nprint('\xe9')\nx = nope\n")
        self.compare(None, b"\xef\xbb\xbfprint('bom')\nx = nope\n")
        self.compare(None, b"# coding: nonesuch\nprint(1)\n")

    def test_warnings_once_per_place(self):
        self.compare(textwrap.dedent('''\
            import warnings
            for i in range(3):
                warnings.warn("in a loop")
            warnings.warn("same text"); warnings.warn("same text")
            warnings.warn("same text")
            warnings.warn("deprecated", DeprecationWarning)
            def f():
                warnings.warn("in f")
            f(); f()
            y = 1; print(y is 1)
            x = nope
            '''))

    def test_recursion_depth(self):
        self.compare("def f(n):\n    return f(n + 1)\nf(0)\n")
        self.compare("import sys\ndef depth(n):\n    try:\n        return depth(n + 1)\n    except RecursionError:\n"
                     "        return n\nprint(depth(0))\n")

    def test_exit_status(self):
        self.compare("print(1)\nimport sys\nsys.exit(4)\n")
        self.compare("raise SystemExit('message')\n")
        self.compare("print('all good')\n")


if __name__ == "__main__":
    unittest.main()
