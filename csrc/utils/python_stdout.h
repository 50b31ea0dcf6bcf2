/*
 * python_stdout.h - C's stdio writing into Python's sys.stdout.
 *
 * minaten's runtime prints with C's stdio: the trace mode's `op aten::...`
 * lines (dispatch/TraceMode.h), --trace=dispatch's hops
 * (Dispatcher_traceEnter).  A script's print() writes to Python's
 * sys.stdout, a buffered text stream of its own over file descriptor 1.
 * Two buffers over one descriptor would put lines out of order, so the C
 * side writes through Python's: THPUtils_pythonStdout() is a FILE* whose
 * every write is sys.stdout.write(text), in order with print(), buffered
 * as print() is, and reported as print()'s are when the descriptor cannot
 * be written (/dev/full: python3's "Exception ignored ... OSError" at exit
 * and status 120).
 *
 * NB(minaten): PyTorch 1.13 has no counterpart: its TorchDispatchMode
 * prints from Python (torch/utils/_python_dispatch.py), and its C++
 * prints (std::cout) share no buffer with Python's.  minaten's trace mode
 * is C (TraceMode.h), hence this bridge.
 */
#ifndef MINATEN_CSRC_UTILS_PYTHON_STDOUT_H
#define MINATEN_CSRC_UTILS_PYTHON_STDOUT_H

#include <stdio.h>

/* The FILE* that writes into sys.stdout (made once, unbuffered on the C
 * side: each fprintf is one sys.stdout.write), or NULL when it cannot be
 * made (then write to stdout).  Writing takes the GIL; a write error is
 * left to sys.stdout (it surfaces when Python flushes it), and a Python
 * exception pending before the write is kept. */
FILE* THPUtils_pythonStdout(void);

#endif
