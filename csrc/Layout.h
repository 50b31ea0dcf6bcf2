/*
 * Layout.h - torch.layout: one object per Layout value (torch.strided);
 * utils/named_constant.h says what they share.
 *
 * PyTorch 1.13: torch/csrc/Layout.h (THPLayout)
 */
#ifndef MINATEN_CSRC_LAYOUT_H
#define MINATEN_CSRC_LAYOUT_H

#include "csrc/utils/named_constant.h"
#include "runtime/MemoryFormat.h"

extern PyTypeObject THPLayoutType;

static inline int THPLayout_Check(PyObject* obj) { return Py_IS_TYPE(obj, &THPLayoutType); }
static inline Layout THPLayout_value(PyObject* obj) { return (Layout)((THPNamedConstant*)obj)->value; }
/* The object of a value (borrowed; never NULL once THPLayout_init ran). */
PyObject* THPLayout_get(Layout v);
/* Readies the type and adds torch.strided, ... to module. */
int THPLayout_init(PyObject* module);

#endif
