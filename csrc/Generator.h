/*
 * Generator.h - torch.Generator (torch._C.Generator): a Python object that
 * holds a reference to a CPU generator (runtime/CPUGeneratorImpl.h).
 *
 * The generator's `pyobj` points back at its object, so that the one
 * object of a generator is returned each time (torch.default_generator is
 * torch.default_generator).
 *
 * PyTorch 1.13: torch/csrc/Generator.{h,cpp} (THPGenerator)
 */
#ifndef MINATEN_CSRC_GENERATOR_H
#define MINATEN_CSRC_GENERATOR_H

#include "csrc/python_headers.h"

#include "runtime/CPUGeneratorImpl.h"

typedef struct THPGenerator {
  PyObject_HEAD
  Generator* cdata; /* a reference */
} THPGenerator;

extern PyTypeObject THPGeneratorType;

static inline int THPGenerator_Check(PyObject* obj) { return PyObject_TypeCheck(obj, &THPGeneratorType); }
static inline Generator* THPGenerator_Unwrap(PyObject* obj) { return ((THPGenerator*)obj)->cdata; }
/* The object of g (made on first use); a new reference, NULL with a Python
 * exception set.  PyTorch 1.13: THPGenerator_initDefaultGenerator, and
 * THPGenerator_Wrap for generators handed back to Python */
PyObject* THPGenerator_Wrap(Generator* g);
/* Adds torch._C.Generator and torch._C.default_generator. */
int THPGenerator_init(PyObject* module);

#endif
