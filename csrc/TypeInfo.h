/*
 * TypeInfo.h - torch.finfo and torch.iinfo (csrc/TypeInfo.c).
 * PyTorch 1.13: torch/csrc/TypeInfo.h
 */
#ifndef MINATEN_CSRC_TYPEINFO_H
#define MINATEN_CSRC_TYPEINFO_H

#include "csrc/python_headers.h"

/* Readies torch.finfo and torch.iinfo and adds them to module.  0, or -1
 * with a Python error set. */
int THPDTypeInfo_init(PyObject* module);

#endif
