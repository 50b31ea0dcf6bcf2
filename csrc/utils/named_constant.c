/* named_constant.c - see named_constant.h. */
#include "csrc/utils/named_constant.h"

/* PyTorch 1.13: torch/csrc/Layout.cpp THPLayout_repr (and its twins) */
PyObject* THPNamedConstant_repr(PyObject* self) {
  return PyUnicode_FromFormat("torch.%s", ((THPNamedConstant*)self)->name);
}

int THPNamedConstant_init(PyObject* module, PyTypeObject* type, const char* type_name, const char* const* names,
                          int count, THPNamedConstant** objects) {
  if (PyType_Ready(type) < 0) return -1;
  for (int i = 0; i < count; i++) {
    THPNamedConstant* o = PyObject_New(THPNamedConstant, type);
    if (o == NULL) return -1;
    o->value = i;
    o->name = names[i];
    objects[i] = o; /* kept for the life of the process */
    if (PyModule_AddObjectRef(module, names[i], (PyObject*)o) < 0) return -1;
  }
  return PyModule_AddObjectRef(module, type_name, (PyObject*)type);
}
