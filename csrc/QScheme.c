/*
 * QScheme.c - torch.qscheme (QScheme.h).
 * PyTorch 1.13: torch/csrc/QScheme.cpp, torch/csrc/utils/tensor_qschemes.cpp initializeQSchemes
 */
#include "csrc/QScheme.h"

static const char* const kNames[] = {"per_tensor_affine", "per_channel_affine"}; /* by value */
enum { kCount = sizeof kNames / sizeof kNames[0] };
static THPNamedConstant* objects[kCount];

PyObject* THPQScheme_get(QScheme v) { return (PyObject*)objects[v]; }

PyTypeObject THPQSchemeType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch.qscheme",
    .tp_basicsize = sizeof(THPNamedConstant),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_repr = THPNamedConstant_repr,
};

int THPQScheme_init(PyObject* module) {
  return THPNamedConstant_init(module, &THPQSchemeType, "qscheme", kNames, kCount, objects);
}
