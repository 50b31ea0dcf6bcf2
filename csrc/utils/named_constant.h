/*
 * named_constant.h - what torch.layout, torch.memory_format and
 * torch.qscheme objects share: a C enum value and the name the torch
 * module gives it, one object per value, compared by identity, repr()
 * "torch.NAME".  Each has its own type (Layout.c, MemoryFormat.c,
 * QScheme.c), as in 1.13.
 *
 * PyTorch 1.13: torch/csrc/Layout.h, MemoryFormat.h, QScheme.h (three
 * structs of this shape)
 */
#ifndef MINATEN_CSRC_UTILS_NAMED_CONSTANT_H
#define MINATEN_CSRC_UTILS_NAMED_CONSTANT_H

#include "csrc/python_headers.h"

typedef struct THPNamedConstant {
  PyObject_HEAD
  int value;
  const char* name; /* "strided" */
} THPNamedConstant;

/* tp_repr of each such type: "torch.NAME". */
PyObject* THPNamedConstant_repr(PyObject* self);
/* Readies `type`, makes objects[i] (value i, names[i]) for i < count, adds
 * each to module by its name and the type as `type_name`: 0, or -1 with a
 * Python exception set. */
int THPNamedConstant_init(PyObject* module, PyTypeObject* type, const char* type_name, const char* const* names,
                          int count, THPNamedConstant** objects);

#endif
