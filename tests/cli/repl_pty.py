#!/usr/bin/env python3
"""The interactive prompt, driven through a pseudo-terminal as a person would.

Usage: repl_pty.py path/to/minaten

Starts `minaten` (no arguments) on a pty, types lines and checks what the
terminal shows (escape sequences and carriage returns removed; each
expectation is a search from where the last one matched).  Each key is typed
once readline reads keys (Session.wait_for_reader), as a person would.  Only
the standard library: CI has Debian's python3 without pip or torch.

The prompt is Python's own interactive loop (tools/minaten/main.c
run_interactive: Py_RunMain with readline), with `torch` (minaten) and the
dialect's helpers in __main__.  Where the expectations come from: each was
recorded by typing the same line into Python 3.11's REPL (/usr/bin/python3,
with Debian's PyTorch 1.13), driven through a pty the same way; the recorded
terminal text is quoted in the comment above each step ("python3:").
minaten's banner line is its own, and python3's (quiet here) is left out.
"""
import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import tempfile
import termios
import time

TIMEOUT = 20.0  # seconds for each expectation; generous for the asan build
SCRATCH = tempfile.TemporaryDirectory(prefix="minaten-repl-")  # HOME, without a ~/.editrc; removed at exit
ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][0-9A-Za-z]|\x1b[=>]")


class Session:
    def __init__(self, argv, stdout_path=None, line_editing=True):
        # pty.fork, by hand: the parent keeps the terminal's own end too, to
        # read its modes (wait_for_reader)
        self.fd, self.tty = os.openpty()
        self.line_editing = line_editing
        self.pid = os.fork()
        if self.pid == 0:
            os.close(self.fd)
            os.setsid()
            fcntl.ioctl(self.tty, termios.TIOCSCTTY, 0)
            for target in (0, 1, 2):
                os.dup2(self.tty, target)
            os.close(self.tty)
            if stdout_path is not None:  # stdout a file, stdin and stderr the terminal
                out = os.open(stdout_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                os.dup2(out, 1)
                os.close(out)
            env = {"PATH": "/usr/bin:/bin", "HOME": SCRATCH.name, "TERM": "xterm", "LANG": "C.UTF-8"}
            for k in ("LSAN_OPTIONS", "ASAN_OPTIONS", "UBSAN_OPTIONS"):
                if k in os.environ:
                    env[k] = os.environ[k]
            # as in a terminal's foreground job (a background shell job
            # ignores SIGINT, and the ignoring would be inherited)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            try:
                os.execve(argv[0], argv, env)
            finally:
                os._exit(127)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.raw = b""  # everything the terminal showed
        self.pos = 0  # how much of the cleaned text expectations consumed

    def text(self):
        return ANSI.sub(b"", self.raw).replace(b"\r", b"").decode("utf-8", "replace")

    def _read(self, deadline):
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        r, _, _ = select.select([self.fd], [], [], left)
        if not r:
            return False
        try:
            data = os.read(self.fd, 4096)
        except OSError:  # EIO: the child closed the terminal
            return False
        if not data:
            return False
        self.raw += data
        return True

    def expect(self, pattern, what):
        """Waits until the text after the last match matches `pattern`
        (a regex); consumes it up to the end of the match."""
        deadline = time.monotonic() + TIMEOUT
        regex = re.compile(pattern, re.S)
        while True:
            m = regex.search(self.text(), self.pos)
            if m:
                self.pos = m.end()
                return m
            if not self._read(deadline):
                fail(f"{what}: expected /{pattern}/", self)

    def wait_for_reader(self):
        """Waits until readline reads keys one by one (the terminal out of
        canonical mode).  A line editor prints the prompt first and only
        then leaves canonical mode; a key typed in between is echoed by the terminal as well, and
        a Ctrl-D there becomes a NUL byte once the mode changes (the Linux
        line discipline keeps the end-of-file mark as a character).  A person
        never types within those microseconds; a script on a loaded machine
        can, so it waits as a person would."""
        deadline = time.monotonic() + TIMEOUT
        while termios.tcgetattr(self.tty)[3] & termios.ICANON:
            if time.monotonic() > deadline:
                fail("the terminal never left canonical mode (readline not reading)", self)
            time.sleep(0.01)

    def wait_for_blocked(self):
        """Waits until minaten sleeps in a system call, waiting for the
        terminal: read(2) in Parser/myreadline.c's fgets without line
        editing, select(2) in Modules/readline.c's loop with it.  A Ctrl-C
        that arrives while CPython is elsewhere (between the prompt's write
        and fgets, or while readline handles the key before) sets Python's
        signal flag, and the wait that follows never looks at it: the line
        discipline dropped the typed line, so the prompt waits for a key no
        one types.  A person is never that fast, a loaded machine can be.
        Linux's /proc/PID/syscall names the call a sleeping process is in
        (`running` otherwise); seen twice 10 ms apart, it is the wait for
        input.  Where it cannot be read, a short pause stands in."""
        deadline = time.monotonic() + TIMEOUT
        seen = 0
        while time.monotonic() < deadline:
            try:
                with open(f"/proc/{self.pid}/syscall") as f:
                    call = f.read().split()[0]
                with open(f"/proc/{self.pid}/stat") as f:
                    state = f.read().rsplit(")", 1)[1].split()[0]
            except (OSError, IndexError):
                time.sleep(0.2)
                return
            seen = seen + 1 if call.isdigit() and state == "S" else 0
            if seen == 2:
                return
            time.sleep(0.01)

    def send(self, data):
        if self.line_editing:
            self.wait_for_reader()
        self.wait_for_blocked()
        os.write(self.fd, data.encode() if isinstance(data, str) else data)

    def line(self, text):
        self.send(text + "\r")

    def wait_exit(self):
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                while self._read(time.monotonic() + 0.2):
                    pass
                return status
            self._read(time.monotonic() + 0.1)
        fail("minaten did not exit after Ctrl-D", self)


def fail(message, session):
    print(f"FAIL: {message}")
    print("---- the terminal so far (escape sequences and \\r removed) ----")
    print(session.text())
    print("---- unmatched tail ----")
    print(session.text()[session.pos:])
    try:
        os.kill(session.pid, 9)
    except OSError:
        pass
    sys.exit(1)


PROMPT = r">>> "
MORE = r"\.\.\. "


def main():
    s = Session([sys.argv[1]])

    # The banner (minaten's own wording) on stderr, then the prompt.
    s.expect(r"^minaten \d+\.\d+\.\d+: a C11 model of PyTorch 1\.13's op runtime; `torch` is minaten\. "
             r"Ctrl-D \(i\.e\. EOF\) to exit\.\n" + PROMPT, "banner and first prompt")

    # A simple statement prints nothing.  python3: ">>> import torch" / ">>> "
    s.line("import torch")
    s.expect(r"import torch\n" + PROMPT, "import torch")
    s.line("x = torch.Size([2, 3])")
    s.expect(r"x = torch\.Size\(\[2, 3\]\)\n" + PROMPT, "an assignment prints nothing")

    # A bare expression prints its repr.
    # python3: ">>> x" / "torch.Size([2, 3])"
    s.line("x")
    s.expect(r"x\ntorch\.Size\(\[2, 3\]\)\n" + PROMPT, "repr of a torch.Size")
    # python3: ">>> (1, 'a')" / "(1, 'a')"
    s.line("(1, 'a')")
    s.expect(r"\(1, 'a'\)\n\(1, 'a'\)\n" + PROMPT, "repr of a tuple")

    # An error prints Python's traceback and the session goes on.
    # python3: ">>> 1/0" / "Traceback (most recent call last):" /
    #   '  File "<stdin>", line 1, in <module>' / "ZeroDivisionError: division by zero"
    s.line("1/0")
    s.expect(r"1/0\nTraceback \(most recent call last\):\n  File \"<stdin>\", line 1, in <module>\n"
             r"ZeroDivisionError: division by zero\n" + PROMPT, "an error")
    # python3: ">>> x + (4,)" / "torch.Size([2, 3, 4])"
    s.line("x + (4,)")
    s.expect(r"x \+ \(4,\)\ntorch\.Size\(\[2, 3, 4\]\)\n" + PROMPT, "a line after an error")

    # History: up arrow (ESC [ A) recalls the previous line; Enter runs it again.
    # python3: ">>> x + (4,)" / "torch.Size([2, 3, 4])"
    s.send("\x1b[A")
    s.expect(r"x \+ \(4,\)", "the recalled line is shown")
    s.send("\r")
    s.expect(r"\ntorch\.Size\(\[2, 3, 4\]\)\n" + PROMPT, "the recalled line runs again")

    # `torch` is minaten, the same module as `import minaten` gives.
    # python3 (where torch is PyTorch): ">>> torch.float32" / "torch.float32"
    s.line("torch.float32, torch is __import__('minaten')")
    s.expect(r"\n\(torch\.float32, True\)\n" + PROMPT, "torch is minaten")

    # An open bracket continues the statement at `... ` until it closes.
    # python3: ">>> y = (1," / "... 2)" / ">>> "
    s.line("y = (1,")
    s.expect(r"y = \(1,\n" + MORE, "continuation prompt for an open bracket")
    s.line("2)")
    s.expect(r"2\)\n" + PROMPT, "the statement runs once the bracket closes")
    # python3: ">>> y" / "(1, 2)"
    s.line("y")
    s.expect(r"y\n\(1, 2\)\n" + PROMPT, "the multi-line statement ran")

    # A line ending in ':' opens a block: `... ` until an empty line.
    # python3: ">>> for i in range(2):" / "...   print(i)" / "... " / "0" / "1" / ">>> "
    s.line("for i in range(2):")
    s.expect(r"for i in range\(2\):\n" + MORE, "continuation prompt after ':'")
    s.line("  print(i)")
    s.expect(r"  print\(i\)\n" + MORE, "continuation prompt inside the block")
    s.line("")
    s.expect(r"\n0\n1\n" + PROMPT, "the block runs after the empty line")

    # Ctrl-C drops the line being typed and prints KeyboardInterrupt.
    # python3: ">>> abc^C" -> "\nKeyboardInterrupt\n>>> "
    s.send("abc")
    s.expect(r"abc", "typed text echoed")
    s.send("\x03")
    s.expect(r"\nKeyboardInterrupt\n" + PROMPT, "Ctrl-C")
    # ... also at `... `, and the session goes on (abc was never run).
    s.line("for i in range(2):")
    s.expect(MORE, "continuation prompt before Ctrl-C")
    s.send("\x03")
    s.expect(r"\nKeyboardInterrupt\n" + PROMPT, "Ctrl-C at a continuation prompt")
    s.line("print(5)")
    s.expect(r"print\(5\)\n5\n" + PROMPT, "a line after Ctrl-C")
    if "NameError" in s.text():
        fail("the interrupted input was run", s)

    # Ctrl-D on an empty line ends the session, exit status 0.
    # python3: ">>> " then Ctrl-D -> "\n", exit status 0
    s.send("\x04")
    status = s.wait_exit()
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        fail(f"exit status {status} after Ctrl-D (want 0)", s)
    s.expect(r"\n$", "a newline at exit")


def stdout_not_a_terminal(minaten):
    """stdin a terminal, stdout a file: still the prompt, but read without
    line editing and with the prompts on stderr (Parser/myreadline.c
    PyOS_StdioReadline); the values go to the file."""
    out_path = os.path.join(SCRATCH.name, "stdout.txt")
    s = Session([minaten], stdout_path=out_path, line_editing=False)
    # python3 >file: the banner, then ">>> " on the terminal
    s.expect(r"^minaten .*\n" + PROMPT, "banner and prompt on stderr")
    # python3 >file: ">>> (1, 'a')" / ">>> " on the terminal, "(1, 'a')" in the file
    s.line("(1, 'a')")
    s.expect(r"\(1, 'a'\)\n" + PROMPT, "the value is not on the terminal")
    # python3 >file: ">>> abc^C" / "KeyboardInterrupt" / ">>> "
    s.send("abc\x03")
    s.expect(r"\nKeyboardInterrupt\n" + PROMPT, "Ctrl-C")
    # Ctrl-D at `... ` ends the statement, which runs (python3 >file: "for i in
    # range(2):" / "... " Ctrl-D -> "\n", an IndentationError, ">>> ").
    s.line("for i in range(2):")
    s.expect(MORE, "continuation prompt on stderr")
    s.send("\x04")
    s.expect(r"\n[^\n>.]+.*?\n" + PROMPT, "Ctrl-D at a continuation prompt runs the statement")
    s.send("\x04")
    status = s.wait_exit()
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        fail(f"exit status {status} after Ctrl-D (want 0)", s)
    with open(out_path) as f:
        got = f.read()
    if got != "(1, 'a')\n":
        fail(f"stdout was {got!r}, want \"(1, 'a')\\n\"", s)


if __name__ == "__main__":
    main()
    stdout_not_a_terminal(sys.argv[1])
    print("ok")
