/*
 * python_dispatch_trace.h - torch._C._set_dispatch_trace: the switch of
 * minaten's trace mode (dispatch/TraceMode.h), which the dialect's
 * trace_on() / trace_off() turn (python/minaten/_runner.py).
 */
#ifndef MINATEN_CSRC_UTILS_PYTHON_DISPATCH_TRACE_H
#define MINATEN_CSRC_UTILS_PYTHON_DISPATCH_TRACE_H

#include "csrc/python_headers.h"

/* Adds _set_dispatch_trace and _is_dispatch_trace_enabled to torch._C: 0 or -1. */
int THPDispatchTrace_init(PyObject* module);

#endif
