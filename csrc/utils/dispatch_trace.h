/*
 * dispatch_trace.h - torch._C._set_dispatch_trace (dispatch_trace.c): the
 * dialect's trace in a python3 process.
 */
#ifndef MINATEN_CSRC_UTILS_DISPATCH_TRACE_H
#define MINATEN_CSRC_UTILS_DISPATCH_TRACE_H

#include "csrc/python_headers.h"

/* Adds _set_dispatch_trace and _is_dispatch_trace_enabled to module. */
int THPDispatchTrace_init(PyObject* module);

#endif
