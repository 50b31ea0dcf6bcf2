/*
 * init.h - torch._C's functions for torch.ops: _jit_get_operation,
 * _get_operation_overload, _get_schema, and torch.FunctionSchema (init.c).
 *
 * PyTorch 1.13: torch/csrc/jit/python/init.cpp
 */
#ifndef MINATEN_CSRC_JIT_PYTHON_INIT_H
#define MINATEN_CSRC_JIT_PYTHON_INIT_H

#include "csrc/python_headers.h"

/* Adds them to module: 0, or -1 with a Python exception. */
int THPJit_init(PyObject* module);

/* The rank of one of 1.13's overloads in its JIT operator registry
 * (overload_order_113.c, written by tools/oracle/overload_order.py). */
typedef struct OverloadRank113 {
  const char* name;
  const char* overload;
  int rank;
} OverloadRank113;
extern const OverloadRank113 kOverloadOrder113[];

#endif
