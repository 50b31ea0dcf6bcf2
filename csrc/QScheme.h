/*
 * QScheme.h - torch.qscheme: one object per QScheme value (torch.per_tensor_affine, torch.per_channel_affine);
 * utils/named_constant.h says what they share.
 *
 * PyTorch 1.13: torch/csrc/QScheme.h (THPQScheme)
 */
#ifndef MINATEN_CSRC_QSCHEME_H
#define MINATEN_CSRC_QSCHEME_H

#include "csrc/utils/named_constant.h"
#include "runtime/Quantizer.h"

extern PyTypeObject THPQSchemeType;

static inline int THPQScheme_Check(PyObject* obj) { return Py_IS_TYPE(obj, &THPQSchemeType); }
static inline QScheme THPQScheme_value(PyObject* obj) { return (QScheme)((THPNamedConstant*)obj)->value; }
/* The object of a value (borrowed; never NULL once THPQScheme_init ran). */
PyObject* THPQScheme_get(QScheme v);
/* Readies the type and adds torch.per_tensor_affine, ... to module. */
int THPQScheme_init(PyObject* module);

#endif
