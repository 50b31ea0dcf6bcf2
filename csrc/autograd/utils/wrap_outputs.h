/*
 * wrap_outputs.h - an operator's returns (IValues) as Python objects.
 *
 * Two conventions, as in 1.13:
 *
 *   - the Python bindings (torch.NAME, Tensor.NAME): a Tensor[] is a tuple,
 *     a QScheme its torch.qscheme object, a dtype its torch.dtype, several
 *     returns a tuple, or a torch.return_types named tuple when the schema
 *     names every return (`max.dim -> (Tensor values, Tensor indices)` is
 *     torch.return_types.max; its out= form max.dim_max gives max_out);
 *   - torch.ops (the JIT's toPyObject): a Tensor[] is a list, and a QScheme,
 *     dtype, layout or memory format is the int TorchScript boxes it as.
 *
 * Conventions: each function takes over the payloads of the IValues it is
 * given (owned tensors are handed to Python, borrowed ones retained) and
 * returns a new reference, or NULL with a Python exception set.
 *
 * PyTorch 1.13: torch/csrc/autograd/utils/wrap_outputs.h (wrap),
 * torch/csrc/jit/python/pybind_utils.h (toPyObject),
 * torch/csrc/utils/structseq.cpp (returned_structseq_repr),
 * torch/csrc/autograd/generated/python_return_types.cpp
 */
#ifndef MINATEN_CSRC_AUTOGRAD_UTILS_WRAP_OUTPUTS_H
#define MINATEN_CSRC_AUTOGRAD_UTILS_WRAP_OUTPUTS_H

#include "csrc/python_headers.h"

#include <stdbool.h>

#include "dispatch/FunctionSchema.h"
#include "runtime/IValue.h"

/* One IValue (left None).  jit: torch.ops' convention. */
PyObject* THPUtils_wrapIValue(IValue* v, bool jit);
/* The returns rets[0..s->num_returns) of a call to s (all released). */
PyObject* THPUtils_wrapReturns(const FunctionSchema* s, IValue* rets, bool jit);

/* The named-tuple type of schema s's returns, made on first use
 * (torch.return_types.NAME); NULL with no exception when s's returns are
 * not all named or fewer than two; NULL with an exception on error. */
PyTypeObject* THPReturnTypes_get(const FunctionSchema* s);
/* Makes torch._C._return_types, the module torch.return_types copies its
 * types from: the types of every operator with named returns (so they
 * exist before the first call). */
int THPReturnTypes_init(PyObject* module);

#endif
