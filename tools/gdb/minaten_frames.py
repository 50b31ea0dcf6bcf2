"""A gdb frame filter that folds libffi's frames into one.

A boxed call of an unboxed kernel of an operator defined at run time (an
operator library's) goes through libffi (call_unboxed_from_boxed in
dispatch/KernelFunction.c calls ffi_call, which
calls the kernel through two or three assembly frames of its own), and
libffi has no debug information: `bt` shows each of its frames as
`?? () from libffi.so.8`.  This filter shows them as one frame,

    #5  0x00007ffff7f71b0d in ffi_call [libffi, 3 frames] ()

so that a backtrace reads bindings -> dispatcher -> kernel.  The frame
numbers stay gdb's own (the folded frame is #5, the outermost of
#3 to #5; the next one is #6), so `frame 5` still selects
what it did.  `minaten fold off` shows every frame again; `minaten fold on`
folds again.
"""
import gdb
from gdb.FrameDecorator import FrameDecorator


def _is_libffi(frame_decorator):
    frame = frame_decorator.inferior_frame()
    name = gdb.solib_name(frame.pc())
    return name is not None and "libffi" in name.rsplit("/", 1)[-1]


class FoldedFfiFrame(FrameDecorator):
    """The outermost libffi frame, standing for `count` of them."""

    def __init__(self, fobj, count):
        super().__init__(fobj)
        self.count = count

    def function(self):
        return "ffi_call [libffi, %d frame%s]" % (self.count, "" if self.count == 1 else "s")

    def filename(self):
        return None


class FfiFoldFilter:
    def __init__(self):
        self.name = "minaten-fold-libffi"
        self.priority = 100
        self.enabled = True
        gdb.frame_filters[self.name] = self

    def filter(self, frame_iter):
        return self._fold(frame_iter)

    @staticmethod
    def _fold(frame_iter):
        run = []
        for fd in frame_iter:
            if _is_libffi(fd):
                run.append(fd)
                continue
            if run:
                yield FoldedFfiFrame(run[-1], len(run))
                run = []
            yield fd
        if run:
            yield FoldedFfiFrame(run[-1], len(run))


class FoldCommand(gdb.Command):
    """minaten fold on|off: show libffi's frames in `bt` as one frame (on, the default) or each."""

    def __init__(self, fold_filter):
        super().__init__("minaten fold", gdb.COMMAND_STACK)
        self.fold_filter = fold_filter

    def invoke(self, arg, from_tty):
        argv = gdb.string_to_argv(arg)
        if len(argv) != 1 or argv[0] not in ("on", "off"):
            raise gdb.GdbError("usage: minaten fold on|off")
        self.fold_filter.enabled = argv[0] == "on"


def register():
    FoldCommand(FfiFoldFilter())
