/*
 * python_engine.h - torch._C._ImperativeEngine (the type
 * torch._C._EngineBase), whose run_backward runs a backward pass for
 * torch.autograd.backward and torch.autograd.grad: see python_engine.c.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_engine.h
 */
#ifndef MINATEN_CSRC_AUTOGRAD_PYTHON_ENGINE_H
#define MINATEN_CSRC_AUTOGRAD_PYTHON_ENGINE_H

#include "csrc/python_headers.h"

/* Adds _ImperativeEngine to module (torch._C). */
int THPEngine_init(PyObject* module);

#endif
