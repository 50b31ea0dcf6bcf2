/*
 * init.c - torch._C._lazy, the Lazy backend's Python functions (init.h).
 *
 *   torch._C._lazy._get_tensors_text(tensors)   the IR graph of the lazy
 *       tensors' values as text (the dialect's lazy_ir(t) prints it):
 *         IR {
 *           %0 = [Float[2, 3]] lazy_tensors::device_data(), device=CPU0, ROOT=0
 *         }
 *
 * NB(minaten): 1.13's lines end in `, NodeType=...` after each node's
 * attributes; minaten's IR has no node types to print (ops/lazy/LazyIr.h
 * LazyIr_dumpText), and the runner strips the suffix from 1.13's text.
 *
 * PyTorch 1.13: torch/csrc/lazy/python/init.cpp (initLazyBindings)
 */
#include "csrc/lazy/python/init.h"

#include <stdlib.h>

#include "csrc/autograd/python_variable.h"
#include "ops/functionalization/FunctionalTensorWrapper.h"
#include "ops/lazy/LazyIr.h"
#include "ops/lazy/LazyTensor.h"

/* PyTorch 1.13: torch/csrc/lazy/python/init.cpp _get_tensors_text (GetTensorsDump, DumpUtil::ToText) */
static PyObject* THPLazy_getTensorsText(PyObject* module, PyObject* arg) {
  (void)module;
  PyObject* seq = PySequence_Fast(arg, "_get_tensors_text(): argument 'tensors' must be a sequence of Tensors");
  if (seq == NULL) return NULL;
  Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
  LazyValue* roots = calloc(n > 0 ? (size_t)n : 1, sizeof *roots);
  PyObject* result = NULL;
  if (roots == NULL) {
    PyErr_NoMemory();
    goto done;
  }
  for (Py_ssize_t i = 0; i < n; i++) {
    PyObject* item = PySequence_Fast_GET_ITEM(seq, i);
    if (!THPVariable_Check(item)) {
      PyErr_Format(PyExc_TypeError, "_get_tensors_text(): expected a list of Tensors, got %s at index %zd",
                   Py_TYPE(item)->tp_name, i);
      goto done;
    }
    /* a lazy tensor is a functional tensor around the lazy one: read
     * without syncing it (a base written through a view shows its value
     * from before the write) */
    const Tensor* t = functionalization_fromFunctionalTensor(THPVariable_Unpack(item));
    /* NB(minaten): 1.13 dereferences a null LazyTensor for a tensor of
     * another device (a crash); minaten says so. */
    if (t->device.type != DeviceType_Lazy || t->lazy == NULL) {
      PyErr_Format(PyExc_RuntimeError, "_get_tensors_text() expects lazy tensors, got one on %s",
                   t->device.type == DeviceType_CPU ? "cpu" : "another device");
      goto done;
    }
    roots[i] = t->lazy->value;
  }
  char* text = NULL;
  size_t len = 0;
  FILE* out = open_memstream(&text, &len);
  if (out == NULL) {
    PyErr_NoMemory();
    goto done;
  }
  LazyIr_dumpText(out, roots, (size_t)n);
  fclose(out);
  result = PyUnicode_DecodeUTF8(text, (Py_ssize_t)len, "replace");
  free(text);
done:
  free(roots);
  Py_DECREF(seq);
  return result;
}

static PyMethodDef lazy_methods[] = {
    {"_get_tensors_text", THPLazy_getTensorsText, METH_O,
     "_get_tensors_text(tensors): the IR graph of lazy tensors' values, as text"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef lazy_module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "minaten._C._lazy",
    .m_doc = "The Lazy backend's functions (torch._C._lazy in PyTorch).",
    .m_size = -1,
    .m_methods = lazy_methods,
};

int THPLazy_init(PyObject* module) {
  PyObject* lazy = PyModule_Create(&lazy_module_def);
  if (lazy == NULL) return -1;
  int rc = PyModule_AddObjectRef(module, "_lazy", lazy);
  Py_DECREF(lazy);
  return rc;
}
