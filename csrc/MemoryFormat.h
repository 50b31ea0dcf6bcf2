/*
 * MemoryFormat.h - torch.memory_format: one object per MemoryFormat value (torch.contiguous_format, torch.preserve_format,
 * torch.channels_last, torch.channels_last_3d);
 * utils/named_constant.h says what they share.
 *
 * PyTorch 1.13: torch/csrc/MemoryFormat.h (THPMemoryFormat)
 */
#ifndef MINATEN_CSRC_MEMORYFORMAT_H
#define MINATEN_CSRC_MEMORYFORMAT_H

#include "csrc/utils/named_constant.h"
#include "runtime/MemoryFormat.h"

extern PyTypeObject THPMemoryFormatType;

static inline int THPMemoryFormat_Check(PyObject* obj) { return Py_IS_TYPE(obj, &THPMemoryFormatType); }
static inline MemoryFormat THPMemoryFormat_value(PyObject* obj) { return (MemoryFormat)((THPNamedConstant*)obj)->value; }
/* The object of a value (borrowed; never NULL once THPMemoryFormat_init ran). */
PyObject* THPMemoryFormat_get(MemoryFormat v);
/* Readies the type and adds torch.contiguous_format, ... to module. */
int THPMemoryFormat_init(PyObject* module);

#endif
