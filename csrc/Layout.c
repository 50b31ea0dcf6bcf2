/*
 * Layout.c - torch.layout (Layout.h).
 * PyTorch 1.13: torch/csrc/Layout.cpp, torch/csrc/utils/tensor_layouts.cpp initializeLayouts
 */
#include "csrc/Layout.h"

static const char* const kNames[] = {"strided"}; /* by value */
enum { kCount = sizeof kNames / sizeof kNames[0] };
static THPNamedConstant* objects[kCount];

PyObject* THPLayout_get(Layout v) { return (PyObject*)objects[v]; }

PyTypeObject THPLayoutType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch.layout",
    .tp_basicsize = sizeof(THPNamedConstant),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_repr = THPNamedConstant_repr,
};

int THPLayout_init(PyObject* module) {
  return THPNamedConstant_init(module, &THPLayoutType, "layout", kNames, kCount, objects);
}
