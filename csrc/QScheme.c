/*
 * QScheme.c - torch.qscheme (QScheme.h).
 * PyTorch 1.13: torch/csrc/QScheme.cpp, torch/csrc/utils/tensor_qschemes.cpp initializeQSchemes
 */
#include "csrc/QScheme.h"

/* By c10's value (c10/core/QScheme.h).  minaten's quantizers have the first
 * two (runtime/Quantizer.h, the same values); the other three are names of
 * the torch module that no minaten tensor returns. */
static const char* const kNames[] = {"per_tensor_affine", "per_channel_affine", "per_tensor_symmetric",
                                     "per_channel_symmetric", "per_channel_affine_float_qparams"};
enum { kCount = sizeof kNames / sizeof kNames[0] };
static THPNamedConstant* objects[kCount];

PyObject* THPQScheme_get(QScheme v) {
  return (PyObject*)objects[v == QScheme_PerChannelAffine ? 1 : 0]; /* QScheme_Unknown is never returned */
}

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
